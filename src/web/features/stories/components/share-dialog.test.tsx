import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { MODERATION_MESSAGES } from "../../../../core/schemas/moderation";
import { SHARE_MESSAGES } from "../../../../core/stories/share";
import { renderOpenDialog } from "../../../test/render";
import { ShareDialog } from "./share-dialog";

const SLUG = "noah-and-the-ark";
const GROUP = { id: "6f1c1f52-6c1e-4a43-9d0e-1c1b2f3a4b5c", name: "Sunday Explorers", memberCount: 4 };
const OTHER = { id: "0b7c2a8e-2f43-4b8e-9a57-3d1f6c2e9a10", name: "Ark Builders", memberCount: 1 };
const DRAFT = "Just learned something amazing from Noah and the Ark! God keeps his promises. 🙏✨";

type Call = { method: string; pathname: string; body: unknown; signal: AbortSignal | undefined };
type Answer = { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;

const groupsAnswer = (groups: unknown[]) => ({
  body: {
    groups: groups.map((group) => ({
      createdAt: "2026-11-21T12:00:00.000Z",
      inviteCode: "ABC123",
      role: "member",
      ...(group as object),
    })),
    nextCursor: null,
  },
});

const post = {
  id: "post-1",
  groupId: GROUP.id,
  title: "Noah and the Ark",
  content: DRAFT,
  mediaUrl: null,
  mediaType: null,
  isPinned: false,
  createdAt: "2026-11-21T12:00:00.000Z",
  author: { id: "me", username: "ruth_reads", avatarUrl: null },
  commentsCount: 0,
  latestComments: [],
  reactionCounts: { like: 0, love: 0, pray: 0 },
  reactionsCount: 0,
  userReaction: null,
};

/** Stubs fetch with answers keyed by "METHOD /api/path"; returns the calls made, bodies parsed. */
function stubApi(answers: Record<string, Answer>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { pathname } = new URL(String(input), location.href);
      const method = init?.method ?? "GET";
      calls.push({
        method,
        pathname,
        body: typeof init?.body === "string" ? JSON.parse(init.body) : null,
        signal: init?.signal ?? undefined,
      });
      const { status = 200, body = null } = (await answers[`${method} ${pathname}`]) ?? {
        status: 404,
        body: { error: { message: "Not found" } },
      };
      return Response.json(body, { status });
    }),
  );
  return calls;
}

const standardApi = (overrides: Record<string, Answer> = {}) =>
  stubApi({
    "GET /api/groups": groupsAnswer([GROUP, OTHER]),
    [`POST /api/stories/${SLUG}/share-draft`]: { body: { draft: DRAFT, source: "fallback" } },
    [`POST /api/stories/${SLUG}/share`]: { status: 201, body: { post, groupId: GROUP.id } },
    ...overrides,
  });

function open({ hasIllustration = true } = {}) {
  function Harness(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
    return (
      <ShareDialog
        slug={SLUG}
        storyTitle="Noah and the Ark"
        layer={2}
        hasIllustration={hasIllustration}
        {...props}
      />
    );
  }
  return renderOpenDialog(Harness);
}

const dialog = () => screen.getByRole("dialog", { name: "Share Your Journey" });
const button = (name: string) => within(dialog()).getByRole("button", { name });

async function writeNoteAndDraft(user: ReturnType<typeof open>["user"], note = "God keeps his promises.") {
  await user.type(within(dialog()).getByLabelText("What did you learn?"), note);
  await user.click(button("Create Draft"));
  return within(dialog()).findByLabelText("Your post");
}

describe("the share dialog", () => {
  it("goes input → edit → share → sent with Back between the steps, and sends what the reader chose", async () => {
    let answerDraft: (answer: { body: unknown }) => void = () => {};
    const calls = standardApi({
      [`POST /api/stories/${SLUG}/share-draft`]: new Promise((resolve) => (answerDraft = resolve)),
    });
    const { user } = open();

    // input: the note, focused, and 'Create Draft' only once it is more than blanks.
    const note = within(dialog()).getByLabelText("What did you learn?");
    expect(note).toHaveFocus();
    expect(button("Create Draft")).toBeDisabled();
    await user.type(note, "   ");
    expect(button("Create Draft")).toBeDisabled();
    await user.type(note, "God keeps his promises. ");
    await user.click(button("Create Draft"));
    expect(button("Creating draft...")).toBeDisabled();
    answerDraft({ body: { draft: DRAFT, source: "fallback" } });

    // edit: the draft, editable, and the illustration checkbox checked by default.
    const draft = await within(dialog()).findByLabelText("Your post");
    expect(draft).toHaveValue(DRAFT);
    expect(draft).toHaveFocus();
    const draftCall = calls.find((call) => call.pathname.endsWith("/share-draft"));
    expect(draftCall?.body).toEqual({ layer: 2, note: "God keeps his promises." });
    expect(within(dialog()).getByLabelText("Attach this layer's illustration")).toBeChecked();
    await user.clear(draft);
    await user.type(draft, "  ");
    expect(button("Continue to Share")).toBeDisabled();
    await user.type(draft, "Rainbows remind me God keeps his promises 🌈");
    expect(button("Continue to Share")).toBeEnabled();

    // Back to input keeps the note.
    await user.click(button("Back"));
    expect(within(dialog()).getByLabelText("What did you learn?")).toHaveValue("   God keeps his promises. ");
    await user.click(button("Create Draft"));
    const again = await within(dialog()).findByLabelText("Your post");
    await user.clear(again);
    await user.type(again, "Rainbows remind me God keeps his promises 🌈");
    await user.click(within(dialog()).getByLabelText("Attach this layer's illustration"));
    await user.click(button("Continue to Share"));

    // share: a group must be chosen; Back keeps the text.
    expect(
      within(dialog()).getByRole("heading", { name: "Where would you like to share it?" }),
    ).toHaveFocus();
    await within(dialog()).findByRole("radio", { name: /Sunday Explorers/ });
    expect(within(dialog()).getByRole("group", { name: "Study group" })).toBeInTheDocument();
    expect(button("Share Now")).toBeDisabled();
    await user.click(button("Back"));
    expect(within(dialog()).getByLabelText("Your post")).toHaveValue(
      "Rainbows remind me God keeps his promises 🌈",
    );
    expect(within(dialog()).getByLabelText("Attach this layer's illustration")).not.toBeChecked();
    await user.click(button("Continue to Share"));
    await user.click(within(dialog()).getByRole("radio", { name: /Sunday Explorers/ }));
    await user.click(button("Share Now"));

    // sent: the group named, a way there and a way out.
    expect(await within(dialog()).findByText(SHARE_MESSAGES.sent("Sunday Explorers"))).toBeInTheDocument();
    expect(within(dialog()).getByRole("heading", { name: "Shared!" })).toHaveFocus();
    expect(within(dialog()).getByRole("link", { name: "Open Group" })).toHaveAttribute(
      "href",
      `/groups/${GROUP.id}/chat`,
    );
    const shareCall = calls.find((call) => call.pathname === `/api/stories/${SLUG}/share`);
    expect(shareCall?.body).toEqual({
      layer: 2,
      groupId: GROUP.id,
      text: "Rainbows remind me God keeps his promises 🌈",
      attachIllustration: false,
    });

    // Closing resets the dialog.
    const closeButtons = within(dialog()).getAllByRole("button", { name: "Close" });
    await user.click(closeButtons.at(-1) as HTMLElement);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(within(dialog()).getByLabelText("What did you learn?")).toHaveValue("");
  });

  it("offers no illustration checkbox when the layer has none, and sends attachIllustration false", async () => {
    const calls = standardApi({
      [`POST /api/stories/${SLUG}/share`]: {
        status: 201,
        body: { post: { ...post, groupId: OTHER.id }, groupId: OTHER.id },
      },
    });
    const { user } = open({ hasIllustration: false });
    await writeNoteAndDraft(user);
    expect(within(dialog()).queryByRole("checkbox")).not.toBeInTheDocument();
    await user.click(button("Continue to Share"));
    await user.click(await within(dialog()).findByRole("radio", { name: /Ark Builders/ }));
    await user.click(button("Share Now"));
    await within(dialog()).findByText(SHARE_MESSAGES.sent("Ark Builders"));
    expect(calls.at(-1)?.body).toMatchObject({ groupId: OTHER.id, text: DRAFT, attachIllustration: false });
  });

  it("says so when the reader has no group, and keeps Share Now disabled", async () => {
    standardApi({ "GET /api/groups": groupsAnswer([]) });
    const { user } = open();
    await writeNoteAndDraft(user);
    await user.click(button("Continue to Share"));
    expect(await within(dialog()).findByText(SHARE_MESSAGES.noGroups)).toBeInTheDocument();
    expect(within(dialog()).queryByRole("radio")).not.toBeInTheDocument();
    expect(button("Share Now")).toBeDisabled();
  });

  it("shows a loading text while the groups load", async () => {
    standardApi({ "GET /api/groups": new Promise(() => {}) });
    const { user } = open();
    await writeNoteAndDraft(user);
    await user.click(button("Continue to Share"));
    expect(within(dialog()).getByText("Loading your groups...")).toBeInTheDocument();
    expect(button("Share Now")).toBeDisabled();
  });

  it("shows the server's errors in the dialog and loses nothing the reader wrote or chose", async () => {
    standardApi({
      [`POST /api/stories/${SLUG}/share-draft`]: {
        status: 403,
        body: { error: { code: "story_locked", message: "Reach Level 2 to open this story." } },
      },
    });
    const { user } = open();
    await user.type(within(dialog()).getByLabelText("What did you learn?"), "Brave hearts");
    await user.click(button("Create Draft"));
    expect(await within(dialog()).findByRole("alert")).toHaveTextContent("Reach Level 2 to open this story.");
    expect(within(dialog()).getByLabelText("What did you learn?")).toHaveValue("Brave hearts");

    standardApi({
      [`POST /api/stories/${SLUG}/share`]: {
        status: 409,
        body: { error: { code: "no_illustration", message: SHARE_MESSAGES.noIllustration } },
      },
    });
    await user.click(button("Create Draft"));
    await within(dialog()).findByLabelText("Your post");
    expect(within(dialog()).queryByRole("alert")).not.toBeInTheDocument();
    await user.click(button("Continue to Share"));
    await user.click(await within(dialog()).findByRole("radio", { name: /Sunday Explorers/ }));
    await user.click(button("Share Now"));
    expect(await within(dialog()).findByRole("alert")).toHaveTextContent(SHARE_MESSAGES.noIllustration);
    expect(within(dialog()).getByRole("radio", { name: /Sunday Explorers/ })).toBeChecked();
    await user.click(button("Back"));
    expect(within(dialog()).getByLabelText("Your post")).toHaveValue(DRAFT);
  });

  it("takes a kind refusal of the words back to the post, with the message beside it", async () => {
    standardApi({
      [`POST /api/stories/${SLUG}/share`]: {
        status: 422,
        body: { error: { code: "moderation_refused", message: MODERATION_MESSAGES.phone } },
      },
    });
    const { user } = open();
    await writeNoteAndDraft(user);
    await user.click(button("Continue to Share"));
    await user.click(await within(dialog()).findByRole("radio", { name: /Sunday Explorers/ }));
    await user.click(button("Share Now"));
    expect(await within(dialog()).findByRole("alert")).toHaveTextContent(MODERATION_MESSAGES.phone);
    expect(within(dialog()).getByLabelText("Your post")).toHaveValue(DRAFT);

    await user.click(button("Continue to Share"));
    expect(within(dialog()).queryByRole("alert")).not.toBeInTheDocument();
    expect(within(dialog()).getByRole("radio", { name: /Sunday Explorers/ })).toBeChecked();
  });

  it("closes while the draft is being written, abandoning it, and a late draft changes nothing", async () => {
    let answerDraft: (answer: { body: unknown }) => void = () => {};
    const calls = standardApi({
      [`POST /api/stories/${SLUG}/share-draft`]: new Promise((resolve) => (answerDraft = resolve)),
    });
    const { user } = open();
    await user.type(within(dialog()).getByLabelText("What did you learn?"), "God keeps his promises.");
    await user.click(button("Create Draft"));
    expect(button("Creating draft...")).toBeDisabled();

    await user.click(button("Cancel"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    const draftCall = calls.find((call) => call.pathname.endsWith("/share-draft"));
    expect(draftCall?.signal?.aborted).toBe(true);

    // Opened again before the abandoned draft comes back: it starts afresh and stays so.
    await user.click(screen.getByRole("button", { name: "Open" }));
    answerDraft({ body: { draft: DRAFT, source: "fallback" } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(within(dialog()).getByLabelText("What did you learn?")).toHaveValue("");
    expect(within(dialog()).queryByLabelText("Your post")).not.toBeInTheDocument();
    expect(button("Create Draft")).toBeDisabled();

    // Escape closes it too while a draft is being written.
    await user.type(within(dialog()).getByLabelText("What did you learn?"), "Rainbows");
    await user.click(button("Create Draft"));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("stays open while the post is being shared", async () => {
    let answerShare: (answer: { status: number; body: unknown }) => void = () => {};
    standardApi({
      [`POST /api/stories/${SLUG}/share`]: new Promise((resolve) => (answerShare = resolve)),
    });
    const { user } = open();
    await writeNoteAndDraft(user);
    await user.click(button("Continue to Share"));
    await user.click(await within(dialog()).findByRole("radio", { name: /Sunday Explorers/ }));
    await user.click(button("Share Now"));
    expect(button("Sharing...")).toBeDisabled();
    await user.keyboard("{Escape}");
    expect(dialog()).toBeInTheDocument();

    answerShare({ status: 201, body: { post, groupId: GROUP.id } });
    expect(await within(dialog()).findByText(SHARE_MESSAGES.sent("Sunday Explorers"))).toBeInTheDocument();
  });
});
