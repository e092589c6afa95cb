import { Check, FolderInput, MessageSquare, MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useId, useRef, useState } from "react";
import {
  CONVERSATION_TITLE_MAX_LENGTH,
  type ConversationFolder,
  type ConversationSummary,
} from "../../../../core/schemas/qna";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useDeleteConversation } from "../api/delete-conversation";
import { useUpdateConversation } from "../api/update-conversation";
import { FolderIcon } from "./folder-color";
import { InlineRenameForm } from "./inline-rename-form";

const NO_FOLDER = "none";

const itemClass =
  "flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-500 data-[highlighted]:bg-slate-100";
const menuClass = "z-30 min-w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg";

/**
 * One conversation in the sidebar: choosing it opens it; its menu renames it (in place), moves it into a folder
 * or out of one, and deletes it after asking.
 */
export function ConversationItem({
  conversation,
  folders,
  selected,
  showFolder = false,
  onSelect,
  onRenamed,
  onDeleted,
  focusAfterDelete,
}: {
  conversation: ConversationSummary;
  folders: ConversationFolder[];
  selected: boolean;
  /** In search results, which folder the conversation is in. */
  showFolder?: boolean;
  onSelect: () => void;
  onRenamed: (conversation: ConversationSummary) => void;
  onDeleted: () => void;
  /** Takes the focus once the conversation is deleted: its buttons and its dialog go with it. */
  focusAfterDelete: () => void;
}) {
  const update = useUpdateConversation(conversation.id);
  const remove = useDeleteConversation(conversation.id);
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const selectRef = useRef<HTMLButtonElement>(null);
  const optionsRef = useRef<HTMLButtonElement>(null);
  const deleted = useRef(false);
  // The rename field takes the focus, rather than the menu button getting it back.
  const toRenameField = useRef(false);
  const metaId = useId();
  const folder = folders.find((candidate) => candidate.id === conversation.folderId);
  const messages = `${conversation.messageCount} ${conversation.messageCount === 1 ? "message" : "messages"}`;

  const finishRenaming = () => {
    setRenaming(false);
    update.reset();
    // The field is gone; focus goes back to the conversation it renamed.
    requestAnimationFrame(() => selectRef.current?.focus());
  };

  if (renaming)
    return (
      <li>
        <InlineRenameForm
          label="Conversation title"
          initialValue={conversation.title}
          maxLength={CONVERSATION_TITLE_MAX_LENGTH}
          pending={update.isPending}
          error={update.error?.message}
          onSave={(title) =>
            update.mutate(
              { title },
              {
                onSuccess: (updated) => {
                  finishRenaming();
                  onRenamed(updated);
                },
              },
            )
          }
          onCancel={finishRenaming}
        />
      </li>
    );

  return (
    <li className="flex flex-col">
      <div className={`flex items-center rounded-lg ${selected ? "bg-indigo-100" : "hover:bg-slate-100"}`}>
        <button
          ref={selectRef}
          type="button"
          aria-label={conversation.title}
          aria-describedby={metaId}
          aria-current={selected ? "page" : undefined}
          onClick={onSelect}
          className="flex min-w-0 flex-1 items-start gap-2 rounded-lg px-2 py-2 text-left"
        >
          <MessageSquare
            aria-hidden="true"
            className={`mt-0.5 size-4 shrink-0 ${selected ? "text-indigo-800" : "text-slate-600"}`}
          />
          <span className="flex min-w-0 flex-col">
            <span
              className={`truncate text-sm ${selected ? "font-semibold text-indigo-950" : "text-slate-900"}`}
            >
              {conversation.title}
            </span>
            <span id={metaId} className="flex items-center gap-1 text-xs text-slate-700">
              {showFolder && folder && (
                <>
                  <FolderIcon color={folder.color} className="size-3" />
                  <span className="truncate">{folder.name}</span>
                  <span aria-hidden="true">·</span>
                </>
              )}
              <span className="whitespace-nowrap">{messages}</span>
            </span>
          </span>
        </button>
        {/* Not modal: a modal menu hides the rest of the page from screen readers (aria-hidden) while its
            buttons stay focusable. The menu still keeps Tab inside, closes on Escape or a click outside, and
            gives the focus back to its button. */}
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger
            ref={optionsRef}
            aria-label={`Options for ${conversation.title}`}
            className="mr-1 shrink-0 rounded-md p-1.5 text-slate-700 hover:bg-slate-200 hover:text-slate-900"
          >
            <MoreHorizontal aria-hidden="true" className="size-4" />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="end"
              sideOffset={4}
              onCloseAutoFocus={(event) => {
                if (toRenameField.current) event.preventDefault();
                toRenameField.current = false;
              }}
              className={menuClass}
            >
              <DropdownMenu.Item
                onSelect={() => {
                  toRenameField.current = true;
                  setRenaming(true);
                }}
                className={itemClass}
              >
                <Pencil aria-hidden="true" className="size-4" />
                Rename
              </DropdownMenu.Item>
              <DropdownMenu.Sub>
                <DropdownMenu.SubTrigger className={`${itemClass} data-[state=open]:bg-slate-100`}>
                  <FolderInput aria-hidden="true" className="size-4" />
                  Move to folder
                </DropdownMenu.SubTrigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.SubContent sideOffset={4} className={menuClass}>
                    <DropdownMenu.RadioGroup
                      value={conversation.folderId ?? NO_FOLDER}
                      onValueChange={(value) => {
                        const folderId = value === NO_FOLDER ? null : value;
                        if (folderId !== conversation.folderId) update.mutate({ folderId });
                      }}
                    >
                      <DropdownMenu.RadioItem value={NO_FOLDER} className={itemClass}>
                        <MenuCheck />
                        No folder
                      </DropdownMenu.RadioItem>
                      {folders.map((option) => (
                        <DropdownMenu.RadioItem key={option.id} value={option.id} className={itemClass}>
                          <MenuCheck />
                          <FolderIcon color={option.color} />
                          <span className="truncate">{option.name}</span>
                        </DropdownMenu.RadioItem>
                      ))}
                    </DropdownMenu.RadioGroup>
                  </DropdownMenu.SubContent>
                </DropdownMenu.Portal>
              </DropdownMenu.Sub>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
              <DropdownMenu.Item
                onSelect={() => setConfirming(true)}
                className={`${itemClass} text-red-800 data-[highlighted]:bg-red-50`}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Delete
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
      {update.isError && (
        <p role="alert" className="px-2 pb-1 text-xs text-red-800">
          {update.error.message}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open) remove.reset();
          setConfirming(open);
        }}
        title="Delete conversation?"
        description={`"${conversation.title}" and all its messages will be deleted. This cannot be undone.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        pending={remove.isPending}
        error={remove.error?.message}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              deleted.current = true;
              setConfirming(false);
              onDeleted();
            },
          })
        }
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (deleted.current) focusAfterDelete();
          else optionsRef.current?.focus();
        }}
      />
    </li>
  );
}

/** The tick beside the folder a conversation is in; the radio item's checked state says the same to assistive tech. */
function MenuCheck() {
  return (
    <span className="flex size-4 items-center justify-center">
      <DropdownMenu.ItemIndicator>
        <Check aria-hidden="true" className="size-4" />
      </DropdownMenu.ItemIndicator>
    </span>
  );
}
