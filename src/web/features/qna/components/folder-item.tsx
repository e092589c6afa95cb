import { ChevronRight, Pencil, Trash2 } from "lucide-react";
import { type ReactNode, useId, useRef, useState } from "react";
import {
  type ConversationFolder,
  type ConversationSummary,
  FOLDER_NAME_MAX_LENGTH,
} from "../../../../core/schemas/qna";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { LoadMoreButton } from "../../../components/ui/load-more-button";
import { LoadingText } from "../../../components/ui/spinner";
import { useDeleteFolder } from "../api/delete-folder";
import { useConversations } from "../api/get-conversations";
import { useUpdateFolder } from "../api/update-folder";
import { FolderIcon } from "./folder-color";
import { InlineRenameForm } from "./inline-rename-form";

const iconButtonClass = "shrink-0 rounded-md p-1.5 text-slate-700 hover:bg-slate-200 hover:text-slate-900";

/**
 * A folder in the sidebar: its colour, name and how many conversations it holds, collapsing and expanding its
 * conversations, renamed in place, deleted after asking (its conversations move out of it, they are not
 * deleted). Open, it lists its own conversations a page at a time, whatever the sidebar's other lists hold.
 */
export function FolderItem({
  folder,
  renderConversation,
  focusAfterDelete,
}: {
  folder: ConversationFolder;
  /** One of its conversations, as a list item. */
  renderConversation: (conversation: ConversationSummary) => ReactNode;
  /** Takes the focus once the folder is deleted: its buttons and its dialog go with it. */
  focusAfterDelete: () => void;
}) {
  const [expanded, setExpanded] = useState(true);
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateFolder(folder.id);
  const remove = useDeleteFolder(folder.id);
  const conversations = useConversations({ folder: folder.id }, { enabled: expanded });
  const renameButtonRef = useRef<HTMLButtonElement>(null);
  const deleteButtonRef = useRef<HTMLButtonElement>(null);
  const deleted = useRef(false);
  const listId = useId();
  const { conversationCount } = folder;
  const count = `${conversationCount} ${conversationCount === 1 ? "conversation" : "conversations"}`;

  const finishRenaming = () => {
    setRenaming(false);
    update.reset();
    // The field is gone; focus goes back to where renaming started.
    requestAnimationFrame(() => renameButtonRef.current?.focus());
  };

  const contents = () => {
    if (!conversations.data) {
      if (conversations.isError)
        return (
          <li role="alert" className="flex flex-col items-start gap-2 px-2 py-1 text-xs text-slate-700">
            <p>We couldn't load this folder. Please try again.</p>
            <Button variant="secondary" onClick={() => conversations.refetch()}>
              Try again
            </Button>
          </li>
        );
      return (
        expanded && (
          <li>
            <LoadingText className="px-2 py-1 text-xs">Loading conversations...</LoadingText>
          </li>
        )
      );
    }
    const list = conversations.data.pages.flatMap((page) => page.conversations);
    if (list.length === 0)
      return <li className="px-2 py-1 text-xs text-slate-700">No conversations in this folder yet.</li>;
    return (
      <>
        {list.map(renderConversation)}
        {conversations.hasNextPage && (
          <li className="flex flex-col py-1">
            <LoadMoreButton
              loading={conversations.isFetchingNextPage}
              onLoad={() => conversations.fetchNextPage()}
            >
              Show more conversations in {folder.name}
            </LoadMoreButton>
          </li>
        )}
      </>
    );
  };

  return (
    <li className="flex flex-col">
      {renaming ? (
        <InlineRenameForm
          label="Folder name"
          initialValue={folder.name}
          maxLength={FOLDER_NAME_MAX_LENGTH}
          pending={update.isPending}
          error={update.error?.message}
          onSave={(name) => update.mutate({ name }, { onSuccess: finishRenaming })}
          onCancel={finishRenaming}
        />
      ) : (
        <div className="flex items-center rounded-lg hover:bg-slate-100">
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-label={`${folder.name}, ${count}`}
            onClick={() => setExpanded((value) => !value)}
            className="flex min-w-0 flex-1 items-center gap-1.5 rounded-lg px-1 py-2 text-left text-sm font-semibold text-slate-900"
          >
            <ChevronRight
              aria-hidden="true"
              className={`size-4 shrink-0 text-slate-600 transition-transform ${expanded ? "rotate-90" : ""}`}
            />
            <FolderIcon color={folder.color} open={expanded} />
            <span className="truncate">{folder.name}</span>
            <span aria-hidden="true" className="ml-auto pl-1 text-xs font-normal text-slate-700">
              {conversationCount}
            </span>
          </button>
          <button
            ref={renameButtonRef}
            type="button"
            aria-label={`Rename folder ${folder.name}`}
            title="Rename folder"
            onClick={() => setRenaming(true)}
            className={iconButtonClass}
          >
            <Pencil aria-hidden="true" className="size-4" />
          </button>
          <button
            ref={deleteButtonRef}
            type="button"
            aria-label={`Delete folder ${folder.name}`}
            title="Delete folder"
            onClick={() => setConfirming(true)}
            className={`${iconButtonClass} mr-1 hover:text-red-800`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
      )}
      <ul
        id={listId}
        hidden={!expanded}
        aria-label={`Conversations in ${folder.name}`}
        className="ml-4 flex flex-col gap-0.5 border-l border-slate-200 pl-2"
      >
        {contents()}
      </ul>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open) remove.reset();
          setConfirming(open);
        }}
        title="Delete folder?"
        description={`The folder "${folder.name}" will be deleted. Its conversations are not deleted: they move out of the folder.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        pending={remove.isPending}
        error={remove.error?.message}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              deleted.current = true;
              setConfirming(false);
            },
          })
        }
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (deleted.current) focusAfterDelete();
          else deleteButtonRef.current?.focus();
        }}
      />
    </li>
  );
}
