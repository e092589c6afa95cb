import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ConversationFolder, ConversationSummary } from "../../../../core/schemas/qna";
import { renderWithApp } from "../../../test/render";
import { CONVERSATION_ID, FOLDER_ID, makeConversation, makeFolder, stubApi } from "./qna-test-data";
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

function renderSidebar({
  folders = [folder],
  conversations = [inFolder, loose],
  extra = {},
  selectedId = null,
}: {
  folders?: ConversationFolder[];
  conversations?: ConversationSummary[];
  extra?: Parameters<typeof stubApi>[0];
  selectedId?: string | null;
} = {}) {
  const calls = stubApi({
    "GET /api/qna/folders": { body: { folders } },
    "GET /api/qna/conversations": ({ search }) => {
      const q = (search.get("q") ?? "").toLowerCase();
      return {
        body: {
          conversations: conversations.filter((conversation) => conversation.title.toLowerCase().includes(q)),
          nextCursor: null,
        },
      };
    },
    ...extra,
  });
  const onSelect = vi.fn();
  const onNewConversation = vi.fn();
  const onDeleted = vi.fn();
  const rendered = renderWithApp(
    <Sidebar
      selectedId={selectedId}
      onSelect={onSelect}
      onNewConversation={onNewConversation}
      onDeleted={onDeleted}
    />,
  );
  return { ...rendered, calls, onSelect, onNewConversation, onDeleted };
}

const folderToggle = () => screen.getByRole("button", { name: /^Heroes, / });

describe("the Chats sidebar", () => {
  it("shows folders with their conversations, then the rest, and marks the open one", async () => {
    const { user, onSelect } = renderSidebar({ selectedId: loose.id });
    expect(screen.getByRole("heading", { name: "Chats" })).toBeInTheDocument();
    expect(screen.getByText("Loading conversations...")).toBeInTheDocument();
    const toggle = await screen.findByRole("button", { name: "Heroes, 1 conversation" });
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const heroes = screen.getByRole("list", { name: "Conversations in Heroes" });
    expect(within(heroes).getByRole("button", { name: inFolder.title })).toBeInTheDocument();
    const rest = screen.getByRole("list", { name: "Conversations" });
    const ruth = within(rest).getByRole("button", { name: "Who was Ruth?" });
    expect(ruth).toHaveAttribute("aria-current", "page");
    expect(ruth).toHaveAccessibleDescription("4 messages");
    expect(within(heroes).getByRole("button", { name: inFolder.title })).not.toHaveAttribute("aria-current");

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(heroes).not.toBeVisible();
    await user.click(toggle);
    expect(heroes).toBeVisible();

    await user.click(ruth);
    expect(onSelect).toHaveBeenCalledWith(loose);
  });

  it("says so when there are no conversations yet", async () => {
    const { user, onNewConversation } = renderSidebar({ folders: [], conversations: [] });
    expect(await screen.findByText("No conversations yet. Ask your first question!")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "New conversation" }));
    expect(onNewConversation).toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "New folder" }));
    expect(screen.getByRole("dialog", { name: "Create New Folder" })).toBeInTheDocument();
  });

  it("searches by title once typing pauses, keeping the list meanwhile", async () => {
    const { user, calls } = renderSidebar();
    await screen.findByRole("button", { name: "Who was Ruth?" });
    await user.type(screen.getByRole("searchbox", { name: "Search conversations" }), "RUTH");
    // The old list stays while the search is on its way.
    expect(screen.getByRole("button", { name: inFolder.title })).toBeInTheDocument();
    const results = await screen.findByRole("list", { name: "Search results" });
    expect(within(results).getByRole("button", { name: "Who was Ruth?" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: inFolder.title })).not.toBeInTheDocument();
    const searches = calls
      .filter((call) => call.pathname === "/api/qna/conversations")
      .map((call) => call.search.get("q"));
    expect(searches).toEqual([null, "RUTH"]);

    await user.clear(screen.getByRole("searchbox", { name: "Search conversations" }));
    await user.type(screen.getByRole("searchbox", { name: "Search conversations" }), "jonah");
    expect(await screen.findByText('No conversations match "jonah"')).toBeInTheDocument();
  });

  it("renames a folder with Enter, refuses a blank name and cancels with Escape", async () => {
    const calls = [] as { name: string }[];
    const { user } = renderSidebar({
      extra: {
        [`PATCH /api/qna/folders/${FOLDER_ID}`]: ({ body }) => {
          calls.push(body as { name: string });
          return { body: { ...folder, ...(body as object) } };
        },
      },
    });
    await screen.findByRole("button", { name: /^Heroes, / });

    await user.click(screen.getByRole("button", { name: "Rename folder Heroes" }));
    const field = screen.getByRole("textbox", { name: "Folder name" });
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, "   ");
    expect(screen.getByRole("button", { name: "Save folder name" })).toBeDisabled();
    await user.keyboard("{Enter}");
    expect(calls).toEqual([]);
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
    expect(calls).toEqual([{ name: "Bible Heroes" }]);
  });

  it("asks before deleting a folder, and its conversations stay, out of it", async () => {
    const { user, calls } = renderSidebar({
      extra: { [`DELETE /api/qna/folders/${FOLDER_ID}`]: { status: 204 } },
    });
    await screen.findByRole("button", { name: /^Heroes, / });
    await user.click(screen.getByRole("button", { name: "Delete folder Heroes" }));
    const dialog = screen.getByRole("dialog", { name: "Delete folder?" });
    expect(dialog).toHaveTextContent("Its conversations are not deleted: they move out of the folder.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
    expect(folderToggle()).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Delete folder Heroes" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Delete folder?" })).getByRole("button", { name: "Delete" }),
    );
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.queryByRole("button", { name: /^Heroes, / })).not.toBeInTheDocument();
    const rest = screen.getByRole("list", { name: "Conversations" });
    expect(within(rest).getByRole("button", { name: inFolder.title })).toBeInTheDocument();
  });

  it("moves a conversation into a folder from its menu", async () => {
    const moves: unknown[] = [];
    const ruth = { ...loose };
    const { user } = renderSidebar({
      conversations: [inFolder, ruth],
      extra: {
        [`PATCH /api/qna/conversations/${loose.id}`]: ({ body }) => {
          moves.push(body);
          Object.assign(ruth, body);
          return { body: ruth };
        },
      },
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
      within(screen.getByRole("list", { name: "Conversations in Heroes" })).getByRole("button", {
        name: "Who was Ruth?",
      }),
    ).toBeInTheDocument();
  });

  it("renames a conversation in place from its menu", async () => {
    const renames: unknown[] = [];
    const ruth = { ...loose };
    const { user } = renderSidebar({
      conversations: [inFolder, ruth],
      extra: {
        [`PATCH /api/qna/conversations/${loose.id}`]: ({ body }) => {
          renames.push(body);
          Object.assign(ruth, body);
          return { body: ruth };
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Options for Who was Ruth?" }));
    await user.click(await screen.findByRole("menuitem", { name: "Rename" }));
    const field = await screen.findByRole("textbox", { name: "Conversation title" });
    await vi.waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveValue("Who was Ruth?");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("textbox", { name: "Conversation title" })).not.toBeInTheDocument();
    expect(renames).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Options for Who was Ruth?" }));
    await user.click(await screen.findByRole("menuitem", { name: "Rename" }));
    await user.clear(await screen.findByRole("textbox", { name: "Conversation title" }));
    await user.type(screen.getByRole("textbox", { name: "Conversation title" }), "Ruth and Naomi{Enter}");
    expect(await screen.findByRole("button", { name: "Ruth and Naomi" })).toBeInTheDocument();
    expect(renames).toEqual([{ title: "Ruth and Naomi" }]);
  });

  it("deletes a conversation after asking", async () => {
    const { user, onDeleted } = renderSidebar({
      extra: { [`DELETE /api/qna/conversations/${loose.id}`]: { status: 204 } },
    });
    await user.click(await screen.findByRole("button", { name: "Options for Who was Ruth?" }));
    await user.click(await screen.findByRole("menuitem", { name: "Delete" }));
    const dialog = screen.getByRole("dialog", { name: "Delete conversation?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalledWith(loose.id));
    expect(screen.queryByRole("button", { name: "Who was Ruth?" })).not.toBeInTheDocument();
  });
});
