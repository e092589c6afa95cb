import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { FeedComment } from "../../../../core/schemas/feed";
import { MODERATION_MESSAGES, REPORT_MESSAGES } from "../../../../core/schemas/moderation";
import { renderWithApp } from "../../../test/render";
import { CommentForm } from "./comment-form";
import { CommentList, MAX_INDENT_DEPTH } from "./comment-thread";
import { FRIEND, GROUP_ID, ME, makeComment, stubApi } from "./feed-test-data";

const commentsPath = `/api/groups/${GROUP_ID}/posts/post-1/comments`;
const COMMENT_PLACEHOLDER = "Write a comment... Use @username to mention someone";
const REPLY_PLACEHOLDER = "Write a reply... Use @username to mention someone";

/** A chain of comments, each the only reply to the one before: anna > ben > cara > dan > ... */
function chain(names: string[], depth = 0, parent: string | null = null): FeedComment[] {
  const [name, ...rest] = names;
  if (!name) return [];
  const id = `comment-${name}`;
  return [
    makeComment({
      id,
      parentCommentId: parent,
      content: `${name} says hello`,
      author: { id: `user-${name}`, username: name, avatarUrl: null },
      replies: chain(rest, depth + 1, id),
    }),
  ];
}

const renderThread = (comments: FeedComment[], extra: Parameters<typeof stubApi>[0] = {}) => {
  const calls = stubApi({ [`GET ${commentsPath}`]: { body: { comments } }, ...extra });
  // As a post card shows its whole thread: the comments, then the box.
  const { user } = renderWithApp(
    <>
      <CommentList groupId={GROUP_ID} postId="post-1" currentUserId={ME.id} />
      <CommentForm groupId={GROUP_ID} postId="post-1" />
    </>,
  );
  return { user, calls };
};

/** The nested lists around a comment that move it to the right. */
const indents = (element: HTMLElement) => {
  let count = 0;
  for (let node = element.parentElement; node; node = node.parentElement)
    if (node.tagName === "UL" && node.className.includes("ml-")) count += 1;
  return count;
};

describe("a comment thread", () => {
  it("nests replies under their parents, indented at every level", async () => {
    renderThread(chain(["anna", "ben", "cara", "dan", "eve", "finn", "gus"]));
    const dan = await screen.findByRole("article", { name: "Comment by dan" });
    expect(within(dan).getByText("dan says hello")).toBeInTheDocument();
    expect(dan.closest("li")).toHaveAttribute("data-depth", "3");
    expect(indents(dan)).toBe(3);
    expect(indents(screen.getByRole("article", { name: "Comment by anna" }))).toBe(0);
    expect(screen.getByRole("list", { name: "Replies to cara" })).toContainElement(dan);
    // Deeper replies stay nested but stop moving right.
    const gus = screen.getByRole("article", { name: "Comment by gus" });
    expect(gus.closest("li")).toHaveAttribute("data-depth", "6");
    expect(indents(gus)).toBe(MAX_INDENT_DEPTH);
  });

  it("keeps one reply box open at a time, and Reply again closes it", async () => {
    const { user } = renderThread([
      makeComment({ id: "c1", author: FRIEND, content: "First" }),
      makeComment({ id: "c2", author: ME, content: "Second" }),
    ]);
    await user.click(await screen.findByRole("button", { name: "Reply to david" }));
    expect(screen.getAllByPlaceholderText(REPLY_PLACEHOLDER)).toHaveLength(1);
    expect(screen.getByPlaceholderText(REPLY_PLACEHOLDER)).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Reply to ruth_reads" }));
    expect(screen.getAllByPlaceholderText(REPLY_PLACEHOLDER)).toHaveLength(1);
    const second = screen.getByRole("article", { name: "Comment by ruth_reads" });
    expect(within(second).getByPlaceholderText(REPLY_PLACEHOLDER)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reply to ruth_reads" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );

    await user.click(screen.getByRole("button", { name: "Reply to ruth_reads" }));
    expect(screen.queryByPlaceholderText(REPLY_PLACEHOLDER)).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Reply to david" }));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByPlaceholderText(REPLY_PLACEHOLDER)).not.toBeInTheDocument();
  });

  it("offers Report beside Reply on others' comments only, and reports the comment", async () => {
    const { user, calls } = renderThread(
      [
        makeComment({ id: "c1", author: FRIEND, content: "First" }),
        makeComment({ id: "c2", author: ME, content: "Second" }),
      ],
      { "POST /api/reports": { status: 200, body: { message: REPORT_MESSAGES.alreadyReported } } },
    );
    const mine = await screen.findByRole("article", { name: "Comment by ruth_reads" });
    expect(within(mine).queryByRole("button", { name: /Report/ })).not.toBeInTheDocument();

    const report = screen.getByRole("button", { name: "Report comment by david" });
    expect(report).toHaveTextContent("Report");
    await user.click(report);
    const dialog = await screen.findByRole("dialog", { name: "Report this comment" });
    await user.click(within(dialog).getByRole("radio", { name: "Not right for children" }));
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await within(dialog).findByText(REPORT_MESSAGES.alreadyReported)).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ targetType: "comment", targetId: "c1", reason: "inappropriate" });
  });

  it("shows a kind refusal and keeps the comment that was written", async () => {
    const { user } = renderThread([], {
      [`POST ${commentsPath}`]: {
        status: 422,
        body: { error: { code: "moderation_refused", message: MODERATION_MESSAGES.email } },
      },
    });
    const box = await screen.findByPlaceholderText(COMMENT_PLACEHOLDER);
    await user.type(box, "Write to me at a@b.co");
    await user.click(screen.getByRole("button", { name: "Comment" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(MODERATION_MESSAGES.email);
    expect(box).toHaveValue("Write to me at a@b.co");
  });

  it("disables Comment and Reply while the text is blank", async () => {
    const { user } = renderThread([makeComment()]);
    const box = await screen.findByPlaceholderText(COMMENT_PLACEHOLDER);
    expect(box).toHaveAccessibleName("Write a comment");
    const comment = screen.getByRole("button", { name: "Comment" });
    expect(comment).toBeDisabled();
    await user.type(box, "   ");
    expect(comment).toBeDisabled();
    await user.type(box, "Amen");
    expect(comment).toBeEnabled();

    await user.click(screen.getByRole("button", { name: "Reply to david" }));
    const reply = screen.getByRole("button", { name: "Reply" });
    expect(reply).toBeDisabled();
    await user.type(screen.getByPlaceholderText(REPLY_PLACEHOLDER), "  ");
    expect(reply).toBeDisabled();
    await user.type(screen.getByPlaceholderText(REPLY_PLACEHOLDER), "Yes!");
    expect(reply).toBeEnabled();
  });

  it("sends a reply, clears and closes the box, and shows the reply under its parent", async () => {
    const { user, calls } = renderThread([makeComment({ id: "c1" })], {
      [`POST ${commentsPath}`]: {
        status: 201,
        body: makeComment({ id: "c2", parentCommentId: "c1", author: ME, content: "So true" }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Reply to david" }));
    await user.type(screen.getByPlaceholderText(REPLY_PLACEHOLDER), "So true");
    await user.click(screen.getByRole("button", { name: "Reply" }));

    const reply = await screen.findByRole("article", { name: "Comment by ruth_reads" });
    expect(within(reply).getByText("So true")).toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Replies to david" })).toContainElement(reply);
    expect(screen.queryByPlaceholderText(REPLY_PLACEHOLDER)).not.toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      method: "POST",
      body: { content: "So true", parentCommentId: "c1" },
    });
  });

  it("sends a comment and clears the box", async () => {
    const { user } = renderThread([], {
      [`POST ${commentsPath}`]: {
        status: 201,
        body: makeComment({ id: "c9", author: ME, content: "Hi all" }),
      },
    });
    const box = await screen.findByPlaceholderText(COMMENT_PLACEHOLDER);
    await user.type(box, "Hi all");
    await user.click(screen.getByRole("button", { name: "Comment" }));
    expect(await screen.findByText("Hi all")).toBeInTheDocument();
    expect(box).toHaveValue("");
  });

  it("reacts to a comment", async () => {
    const { user } = renderThread([makeComment({ id: "c1" })], {
      [`POST /api/groups/${GROUP_ID}/comments/c1/reaction`]: {
        body: { reactionCounts: { like: 1, love: 0, pray: 0 }, reactionsCount: 1, userReaction: "like" },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Like 0" }));
    expect(await screen.findByRole("button", { name: "Like 1" })).toHaveAttribute("aria-pressed", "true");
  });
});
