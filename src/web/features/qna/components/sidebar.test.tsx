import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ConversationFolder, ConversationSummary } from "../../../../core/schemas/qna";
import { renderWithApp } from "../../../test/render";
import {
  type AnswerFn,
  CONVERSATION_ID,
  FOLDER_ID,
  makeConversation,
  makeFolder,
  type QnaServer,
  serverLists,
  stubApi,
} from "./qna-test-data";
import { Sidebar } from "./sidebar";

const folder = makeFolder({ name: "Heroes", color: "purple" });
const inFolder = makeConversation({
  id: CONVERSATION_ID,
  title: "Why did David fight Goliath?",
  folderId: FOLDER_ID,
});
const loose = makeConversation({
  id: "9e1f7a3b-2c4d-4e5f-8a9b-0c1d2e3f4a5b",
  title: "Who was Ruth?",
  folderId: null,
  messageCount: 4,
});

/** The sidebar over a fake server holding `folders` and `conversations`; `extra` answers the changes. */
function renderSidebar({
  folders = [folder],
  conversations = [inFolder, loose],
  extra = () => ({}),
  selectedId = null,
}: {
  folders?: ConversationFolder[];
  conversations?: ConversationSummary[];
  extra?: (server: QnaServer) => Record<string, AnswerFn>;
  selectedId?: string | null;
} = {}) {
  const server: QnaServer = {
    folders: folders.map((entry) => ({ ...entry })),
    conversations: conversations.map((entry) => ({ ...entry })),
  };
  const calls = stubApi({ ...serverLists(server), ...extra(server) });
  const onSelect = vi.fn();
  const onNewConversation = vi.fn();
  const onRenamed = vi.fn();
  const onDeleted = vi.fn();
  const rendered = renderWithApp(
    <Sidebar
      selectedId={selectedId}
      onSelect={onSelect}
      onNewConversation={onNewConversation}
      onRenamed={onRenamed}
      onDeleted={onDeleted}
    />,
  );
  return { ...rendered, server, calls, onSelect, onNewConversation, onRenamed, onDeleted };
}

/** The `folder` asked for by each request for a list of conversations (null: all of them). */
const listRequests = (calls: ReturnType<typeof stubApi>) =>
  calls
    .filter((call) => call.method === "GET" && call.pathname === "/api/qna/conversations")
    .map((call) => ({ q: call.search.get("q"), folder: call.search.get("folder") }));

const folderToggle = () => screen.getByRole("button", { name: /^Heroes, / });

describe("the Chats sidebar", () => {
  it("shows folders with their conversations, then the rest, and marks the open one", async () => {
    const { user, onSelect, calls } = renderSidebar({ selectedId: loose.id });
    expect(screen.getByRole("heading", { name: "Chats" })).toBeInTheDocument();
    expect(screen.getByText("Loading conversations...")).toBeInTheDocument();
    const toggle = await screen.findByRole("button", { name: "Heroes, 1 conversation" });
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const heroes = screen.getByRole("list", { name: "Conversations in Heroes" });
    expect(await within(heroes).findByRole("button", { name: inFolder.title })).toBeInTheDocument();
    const rest = screen.getByRole("list", { name: "Conversations" });
    const ruth = within(rest).getByRole("button", { name: "Who was Ruth?" });
    expect(ruth).toHaveAttribute("aria-current", "page");
    expect(ruth).toHaveAccessibleDescription("4 messages");
    expect(within(heroes).getByRole("button", { name: inFolder.title })).not.toHaveAttribute("aria-current");
    expect(within(rest).queryByRole("button", { name: inFolder.title })).not.toBeInTheDocument();
    // Each list is the server's: the folder's, and those in no folder.
    expect(listRequests(calls)).toEqual(
      expect.arrayContaining([
        { q: null, folder: "none" },
        { q: null, folder: FOLDER_ID },
      ]),
    );
    expect(listRequests(calls)).toHaveLength(2);

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(heroes).not.toBeVisible();
    await user.click(toggle);
    expect(heroes).toBeVisible();

    await user.click(ruth);
    expect(onSelect).toHaveBeenCalledWith(loose);
  });

  it("counts a folder's conversations as the server does, and pages through them once opened", async () => {
    const first = Array.from({ length: 50 }, (_, index) =>
      makeConversation({
        id: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
        title: `Question ${index + 1}`,
        folderId: FOLDER_ID,
      }),
    );
    const later = makeConversation({ title: "Question 51", folderId: FOLDER_ID });
    const { user, calls } = renderSidebar({
      folders: [makeFolder({ conversationCount: 51 })],
      conversations: [],
      extra: () => ({
        // The folders' counts cover every conversation; a list, 50 at a time.
        "GET /api/qna/folders": () => ({ body: { folders: [makeFolder({ conversationCount: 51 })] } }),
        "GET /api/qna/conversations": ({ search }) =>
          search.get("folder") !== FOLDER_ID
            ? { body: { conversations: [], nextCursor: null } }
            : search.get("cursor") === "page-2"
              ? { body: { conversations: [later], nextCursor: null } }
              : { body: { conversations: first, nextCursor: "page-2" } },
      }),
    });

    const toggle = await screen.findByRole("button", { name: "Heroes, 51 conversations" });
    await user.click(toggle);
    await user.click(toggle);
    const heroes = screen.getByRole("list", { name: "Conversations in Heroes" });
    expect(await within(heroes).findByRole("button", { name: "Question 50" })).toBeInTheDocument();
    expect(within(heroes).queryByText("No conversations in this folder yet.")).not.toBeInTheDocument();
    expect(screen.queryByText("No conversations yet. Ask your first question!")).not.toBeInTheDocument();
    expect(listRequests(calls)).toContainEqual({ q: null, folder: FOLDER_ID });

    await user.click(within(heroes).getByRole("button", { name: "Show more conversations in Heroes" }));
    expect(await within(heroes).findByRole("button", { name: "Question 51" })).toBeInTheDocument();
    const more = calls.find((call) => call.search.get("cursor") === "page-2");
    expect(more?.search.get("folder")).toBe(FOLDER_ID);
    expect(within(heroes).queryByRole("button", { name: /^Show more/ })).not.toBeInTheDocument();
  });

  it("pages through the conversations in no folder", async () => {
    const later = makeConversation({ id: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f", title: "Who was Jonah?" });
    const { user, calls } = renderSidebar({
      folders: [],
      extra: () => ({
        "GET /api/qna/conversations": ({ search }) =>
          search.get("cursor")
            ? { body: { conversations: [later], nextCursor: null } }
            : { body: { conversations: [loose], nextCursor: "page-2" } },
      }),
    });
    await screen.findByRole("button", { name: "Who was Ruth?" });
    await user.click(screen.getByRole("button", { name: "Show more conversations" }));
    expect(await screen.findByRole("button", { name: "Who was Jonah?" })).toBeInTheDocument();
    expect(calls.at(-1)?.search.get("folder")).toBe("none");
    expect(calls.at(-1)?.search.get("cursor")).toBe("page-2");
  });

  it("says so when there are no conversations yet", async () => {
    const { user, onNewConversation } = renderSidebar({ folders: [], conversations: [] });
    expect(await screen.findByText("No conversations yet. Ask your first question!")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "New conversation" }));
    expect(onNewConversation).toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "New folder" }));
    expect(screen.getByRole("dialog", { name: "Create New Folder" })).toBeInTheDocument();
  });

  it("searches every folder by title once typing pauses, keeping the list meanwhile", async () => {
    const { user, calls } = renderSidebar();
    await screen.findByRole("button", { name: "Who was Ruth?" });
    await user.type(screen.getByRole("searchbox", { name: "Search conversations" }), "RUTH");
    // The old list stays while the search is on its way.
    expect(await screen.findByRole("button", { name: inFolder.title })).toBeInTheDocument();
    const results = await screen.findByRole("list", { name: "Search results" });
    expect(within(results).getByRole("button", { name: "Who was Ruth?" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: inFolder.title })).not.toBeInTheDocument();
    const searches = listRequests(calls).filter((request) => request.q !== null);
    expect(searches).toEqual([{ q: "RUTH", folder: null }]);

    // A match in a folder is found too, and says which folder it is in.
    await user.clear(screen.getByRole("searchbox", { name: "Search conversations" }));
    await user.type(screen.getByRole("searchbox", { name: "Search conversations" }), "goliath");
    const found = await within(await screen.findByRole("list", { name: "Search results" })).findByRole(
      "button",
      { name: inFolder.title },
    );
    expect(found).toHaveAccessibleDescription(/^Heroes/);

    await user.clear(screen.getByRole("searchbox", { name: "Search conversations" }));
    await user.type(screen.getByRole("searchbox", { name: "Search conversations" }), "jonah");
    expect(await screen.findByText('No conversations match "jonah"')).toBeInTheDocument();
  });

  it("renames a folder with Enter, refuses a blank name and cancels with Escape", async () => {
    const renames = [] as { name: string }[];
    const { user } = renderSidebar({
      extra: (server) => ({
        [`PATCH /api/qna/folders/${FOLDER_ID}`]: ({ body }) => {
          renames.push(body as { name: string });
          Object.assign(server.folders[0] as ConversationFolder, body);
          return { body: { ...server.folders[0], conversationCount: 1 } };
        },
      }),
    });
    await screen.findByRole("button", { name: /^Heroes, / });

    await user.click(screen.getByRole("button", { name: "Rename folder Heroes" }));
    const field = screen.getByRole("textbox", { name: "Folder name" });
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, "   ");
    expect(screen.getByRole("button", { name: "Save folder name" })).toBeDisabled();
    await user.keyboard("{Enter}");
    expect(renames).toEqual([]);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("textbox", { name: "Folder name" })).not.toBeInTheDocument();
    expect(folderToggle()).toHaveAccessibleName("Heroes, 1 conversation");
    await vi.waitFor(() =>
      expect(screen.getByRole("button", { name: "Rename folder Heroes" })).toHaveFocus(),
    );

    await user.click(screen.getByRole("button", { name: "Rename folder Heroes" }));
    await user.clear(screen.getByRole("textbox", { name: "Folder name" }));
    await user.type(screen.getByRole("textbox", { name: "Folder name" }), " Bible Heroes {Enter}");
    expect(await screen.findByRole("button", { name: "Bible Heroes, 1 conversation" })).toBeInTheDocument();
    expect(renames).toEqual([{ name: "Bible Heroes" }]);
  });

  it("asks before deleting a folder, its conversations stay, out of it, and the focus stays in the sidebar", async () => {
    const { user, calls } = renderSidebar({
      extra: (server) => ({
        [`DELETE /api/qna/folders/${FOLDER_ID}`]: () => {
          server.folders = [];
          for (const conversation of server.conversations) conversation.folderId = null;
          return { status: 204 };
        },
      }),
    });
    await screen.findByRole("button", { name: /^Heroes, / });
    const deleteButton = screen.getByRole("button", { name: "Delete folder Heroes" });
    await user.click(deleteButton);
    const dialog = screen.getByRole("dialog", { name: "Delete folder?" });
    expect(dialog).toHaveTextContent("Its conversations are not deleted: they move out of the folder.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
    expect(folderToggle()).toBeInTheDocument();
    await vi.waitFor(() => expect(deleteButton).toHaveFocus());

    await user.click(screen.getByRole("button", { name: "Delete folder Heroes" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Delete folder?" })).getByRole("button", { name: "Delete" }),
    );
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.queryByRole("button", { name: /^Heroes, / })).not.toBeInTheDocument();
    // The folder, its buttons and its dialog are gone; the focus goes to the folder button that stays.
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "New folder" })).toHaveFocus());
    const rest = screen.getByRole("list", { name: "Conversations" });
    expect(await within(rest).findByRole("button", { name: inFolder.title })).toBeInTheDocument();
  });

  it("moves a conversation into a folder from its menu, and the folder's count follows", async () => {
    const moves: unknown[] = [];
    const { user } = renderSidebar({
      extra: (server) => ({
        [`PATCH /api/qna/conversations/${loose.id}`]: ({ body }) => {
          moves.push(body);
          const ruth = server.conversations.find((conversation) => conversation.id === loose.id);
          Object.assign(ruth as ConversationSummary, body);
          return { body: ruth };
        },
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Options for Who was Ruth?" }));
    // By keyboard: jsdom has no layout for the pointer's path from the menu into its submenu.
    screen.getByRole("menuitem", { name: "Move to folder" }).focus();
    await user.keyboard("{ArrowRight}");
    expect(await screen.findByRole("menuitemradio", { name: "No folder" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await vi.waitFor(() => expect(screen.getByRole("menuitemradio", { name: "No folder" })).toHaveFocus());
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("menuitemradio", { name: "Heroes" })).toHaveFocus();
    await user.keyboard("{Enter}");
    await vi.waitFor(() => expect(moves).toEqual([{ folderId: FOLDER_ID }]));
    const heroes = await screen.findByRole("button", { name: "Heroes, 2 conversations" });
    expect(heroes).toBeInTheDocument();
    expect(
      await within(screen.getByRole("list", { name: "Conversations in Heroes" })).findByRole("button", {
        name: "Who was Ruth?",
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Conversations" })).not.toBeInTheDocument();
  });

  it("renames a conversation in place from its menu", async () => {
    const renames: unknown[] = [];
    const { user, onRenamed } = renderSidebar({
      extra: (server) => ({
        [`PATCH /api/qna/conversations/${loose.id}`]: ({ body }) => {
          renames.push(body);
          const ruth = server.conversations.find((conversation) => conversation.id === loose.id);
          Object.assign(ruth as ConversationSummary, body);
          return { body: ruth };
        },
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Options for Who was Ruth?" }));
    await user.click(await screen.findByRole("menuitem", { name: "Rename" }));
    const field = await screen.findByRole("textbox", { name: "Conversation title" });
    await vi.waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveValue("Who was Ruth?");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("textbox", { name: "Conversation title" })).not.toBeInTheDocument();
    expect(renames).toEqual([]);
    // The focus goes back to the conversation (on the next frame) before its menu is opened again: moving it
    // after the menu opened would close the menu, as focus leaving it does.
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "Who was Ruth?" })).toHaveFocus());

    await user.click(screen.getByRole("button", { name: "Options for Who was Ruth?" }));
    await user.click(await screen.findByRole("menuitem", { name: "Rename" }));
    await user.clear(await screen.findByRole("textbox", { name: "Conversation title" }));
    await user.type(screen.getByRole("textbox", { name: "Conversation title" }), "Ruth and Naomi{Enter}");
    expect(await screen.findByRole("button", { name: "Ruth and Naomi" })).toBeInTheDocument();
    expect(renames).toEqual([{ title: "Ruth and Naomi" }]);
    expect(onRenamed).toHaveBeenCalledWith(
      expect.objectContaining({ id: loose.id, title: "Ruth and Naomi" }),
    );
  });

  it("deletes a conversation after asking, and the focus stays in the sidebar", async () => {
    const { user, onDeleted } = renderSidebar({
      extra: (server) => ({
        [`DELETE /api/qna/conversations/${loose.id}`]: () => {
          server.conversations = server.conversations.filter((conversation) => conversation.id !== loose.id);
          return { status: 204 };
        },
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Options for Who was Ruth?" }));
    await user.click(await screen.findByRole("menuitem", { name: "Delete" }));
    const dialog = screen.getByRole("dialog", { name: "Delete conversation?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await vi.waitFor(() =>
      expect(screen.getByRole("button", { name: "Options for Who was Ruth?" })).toHaveFocus(),
    );

    await user.click(screen.getByRole("button", { name: "Options for Who was Ruth?" }));
    await user.click(await screen.findByRole("menuitem", { name: "Delete" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Delete conversation?" })).getByRole("button", {
        name: "Delete",
      }),
    );
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalledWith(loose.id));
    expect(screen.queryByRole("button", { name: "Who was Ruth?" })).not.toBeInTheDocument();
    // The conversation, its menu and its dialog are gone; the focus goes to a button that stays.
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "New conversation" })).toHaveFocus());
  });
});
