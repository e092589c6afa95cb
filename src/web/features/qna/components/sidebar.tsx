import { FolderPlus, SquarePen } from "lucide-react";
import { useId, useRef, useState } from "react";
import { CONVERSATION_SEARCH_MAX_LENGTH, type ConversationSummary } from "../../../../core/schemas/qna";
import { Lumi } from "../../../components/lumi";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { LoadMoreButton } from "../../../components/ui/load-more-button";
import { LoadingText } from "../../../components/ui/spinner";
import { useConversations } from "../api/get-conversations";
import { useFolders } from "../api/get-folders";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { ConversationItem } from "./conversation-item";
import { CreateFolderDialog } from "./create-folder-dialog";
import { FolderItem } from "./folder-item";

/** How long typing in the search must pause before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * 'Chats': the search, 'New folder', 'New conversation', the folders (each loading its own conversations), then
 * the conversations in no folder. A search shows the matching conversations of every folder as one list, each
 * naming its folder.
 */
export function Sidebar({
  className = "",
  selectedId,
  onSelect,
  onNewConversation,
  onRenamed,
  onDeleted,
}: {
  selectedId: string | null;
  onSelect: (conversation: ConversationSummary) => void;
  onNewConversation: () => void;
  onRenamed: (conversation: ConversationSummary) => void;
  onDeleted: (conversationId: string) => void;
  className?: string;
}) {
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [creatingFolder, setCreatingFolder] = useState(false);
  const folders = useFolders();
  const unfiled = useConversations({ folder: "none" });
  const results = useConversations({ q }, { enabled: q !== "" });
  const newConversationRef = useRef<HTMLButtonElement>(null);
  const newFolderRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const folderList = folders.data ?? [];

  const item = (conversation: ConversationSummary, showFolder = false) => (
    <ConversationItem
      key={conversation.id}
      conversation={conversation}
      folders={folderList}
      selected={conversation.id === selectedId}
      showFolder={showFolder}
      onSelect={() => onSelect(conversation)}
      onRenamed={onRenamed}
      onDeleted={() => onDeleted(conversation.id)}
      focusAfterDelete={() => newConversationRef.current?.focus()}
    />
  );

  const failed = (retry: () => void) => (
    <div role="alert" className="flex flex-col items-start gap-2 px-2 text-sm text-slate-700">
      <p>We couldn't load your conversations. Please try again.</p>
      <Button variant="secondary" onClick={retry}>
        Try again
      </Button>
    </div>
  );

  const searchResults = () => {
    if (!results.data) return null;
    const list = results.data.pages.flatMap((page) => page.conversations);
    // The last search's results stay listed while the next one loads: say what they answer.
    const shownQ = results.data.pages[0]?.q ?? q;
    if (list.length === 0)
      return <p className="px-2 text-sm text-slate-700">No conversations match "{shownQ}"</p>;
    return (
      <>
        <ul aria-label="Search results" className="flex flex-col gap-0.5">
          {list.map((conversation) => item(conversation, true))}
        </ul>
        {results.hasNextPage && (
          <LoadMoreButton loading={results.isFetchingNextPage} onLoad={() => results.fetchNextPage()}>
            Show more conversations
          </LoadMoreButton>
        )}
      </>
    );
  };

  const allConversations = () => {
    if (folders.isPending || unfiled.isPending)
      return <LoadingText className="px-2 text-sm">Loading conversations...</LoadingText>;
    if (folders.isError || unfiled.isError)
      return failed(() => {
        void folders.refetch();
        void unfiled.refetch();
      });
    const loose = unfiled.data.pages.flatMap((page) => page.conversations);
    const none = loose.length === 0 && folderList.every((folder) => folder.conversationCount === 0);
    return (
      <>
        {folderList.length > 0 && (
          <ul aria-label="Folders" className="flex flex-col gap-1">
            {folderList.map((folder) => (
              <FolderItem
                key={folder.id}
                folder={folder}
                renderConversation={(conversation) => item(conversation)}
                focusAfterDelete={() => newFolderRef.current?.focus()}
              />
            ))}
          </ul>
        )}
        {none ? (
          <div className="flex items-center gap-3 px-2">
            <Lumi mood="thinking" size={48} />
            <p className="text-sm text-slate-700">No conversations yet. Ask your first question!</p>
          </div>
        ) : (
          loose.length > 0 && (
            <ul aria-label="Conversations" className="flex flex-col gap-0.5">
              {loose.map((conversation) => item(conversation))}
            </ul>
          )
        )}
        {unfiled.hasNextPage && (
          <LoadMoreButton loading={unfiled.isFetchingNextPage} onLoad={() => unfiled.fetchNextPage()}>
            Show more conversations
          </LoadMoreButton>
        )}
      </>
    );
  };

  const body = () => {
    if (q && results.data) return searchResults();
    if (q && results.isError) return failed(() => void results.refetch());
    // Until a first search answers, the folders stay in place rather than blinking to a spinner.
    return allConversations();
  };

  return (
    <section
      aria-labelledby={headingId}
      className={`flex min-h-0 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm lg:max-h-[calc(100vh-7rem)] lg:self-start ${className}`}
    >
      <div className="flex items-center justify-between gap-2 px-1">
        <h2 id={headingId} className="text-lg font-bold text-slate-900">
          Chats
        </h2>
        <button
          ref={newFolderRef}
          type="button"
          aria-label="New folder"
          title="New folder"
          onClick={() => setCreatingFolder(true)}
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900"
        >
          <FolderPlus aria-hidden="true" className="size-5" />
        </button>
      </div>
      <Button ref={newConversationRef} onClick={onNewConversation} className="w-full">
        <SquarePen aria-hidden="true" className="size-4" />
        New conversation
      </Button>
      <TextField
        label="Search conversations"
        type="search"
        value={search}
        maxLength={CONVERSATION_SEARCH_MAX_LENGTH}
        autoComplete="off"
        onChange={(event) => setSearch(event.target.value)}
      />
      <div
        aria-busy={q !== "" && results.isFetching && !results.isFetchingNextPage}
        className="flex max-h-80 min-h-0 flex-col gap-2 overflow-y-auto lg:max-h-none"
      >
        {body()}
      </div>
      <CreateFolderDialog open={creatingFolder} onOpenChange={setCreatingFolder} />
    </section>
  );
}
