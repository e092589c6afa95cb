import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FEED_MESSAGES } from "../../../../core/schemas/feed";
import { MODERATION_MESSAGES } from "../../../../core/schemas/moderation";
import { renderWithApp } from "../../../test/render";
import { Feed } from "./feed";
import { FRIEND, GROUP_ID, ME, makeComment, makePost, stubApi } from "./feed-test-data";
import { PostCard } from "./post-card";

const postsPath = `/api/groups/${GROUP_ID}/posts`;
const commentsPath = `${postsPath}/post-1/comments`;

const first = makeComment({ id: "c1", content: "First thought" });
const second = makeComment({ id: "c2", content: "Second thought", author: ME });
const third = makeComment({ id: "c3", content: "Third thought" });

describe("a post card's comments", () => {
  it("shows the labelled comment box without a click, with Comment disabled while it is blank", async () => {
    const { user } = renderWithApp(<PostCard post={makePost()} currentUserId={ME.id} />);
    const card = screen.getByRole("article", { name: "Thoughts on Ruth" });
    const box = within(card).getByRole("combobox", { name: "Write a comment" });
    expect(box).toHaveAttribute("placeholder", FEED_MESSAGES.commentPlaceholder);
    const send = within(card).getByRole("button", { name: "Comment" });
    expect(send).toBeDisabled();
    await user.type(box, "Amen");
    expect(send).toBeEnabled();
  });

  it("shows the latest 2 comments, and one way to the whole thread: 'View all N comments' when there are more, never a second button", () => {
    renderWithApp(
      <>
        <PostCard
          post={makePost({ id: "a", title: "Busy", commentsCount: 3, latestComments: [second, third] })}
          currentUserId={ME.id}
        />
        <PostCard
          post={makePost({ id: "b", title: "Quiet", commentsCount: 2, latestComments: [first, second] })}
          currentUserId={ME.id}
        />
      </>,
    );
    const busy = screen.getByRole("article", { name: "Busy" });
    const latest = within(busy).getByRole("list", { name: "Latest comments" });
    expect(
      within(latest)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining("Second thought"), expect.stringContaining("Third thought")]);
    expect(within(busy).getByRole("button", { name: "View all 3 comments" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    expect(within(busy).getAllByRole("button", { name: /View all|Comments \(/ })).toHaveLength(1);

    const quiet = screen.getByRole("article", { name: "Quiet" });
    expect(within(quiet).getByText("First thought")).toBeInTheDocument();
    expect(within(quiet).getByText("Second thought")).toBeInTheDocument();
    expect(within(quiet).queryByRole("button", { name: /View all/ })).not.toBeInTheDocument();
  });

  it("opens the whole thread from 'View all 3 comments', each comment once, and closes it again", async () => {
    stubApi({ [`GET ${commentsPath}`]: { body: { comments: [first, second, third] } } });
    const { user } = renderWithApp(
      <PostCard
        post={makePost({ commentsCount: 3, latestComments: [second, third] })}
        currentUserId={ME.id}
      />,
    );
    const viewAll = screen.getByRole("button", { name: "View all 3 comments" });
    await user.click(viewAll);
    expect(await screen.findByText("First thought")).toBeInTheDocument();
    expect(viewAll).toHaveAttribute("aria-expanded", "true");
    expect(screen.getAllByText("Second thought")).toHaveLength(1);
    expect(screen.getByRole("list", { name: "Comments" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Write a comment" })).toBeInTheDocument();

    await user.click(viewAll);
    expect(viewAll).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByText("First thought")).not.toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Latest comments" })).toBeInTheDocument();
  });

  it("shows a comment posted from the card at once, among the latest 2, and counts it", async () => {
    const calls = stubApi({
      [`GET ${postsPath}`]: {
        body: { posts: [makePost({ commentsCount: 2, latestComments: [first, second] })], nextCursor: null },
      },
      [`POST ${commentsPath}`]: {
        status: 201,
        body: makeComment({ id: "c9", author: ME, content: "Posted from the card" }),
      },
    });
    const { user } = renderWithApp(<Feed groupId={GROUP_ID} currentUserId={ME.id} />);
    const box = await screen.findByRole("combobox", { name: "Write a comment" });
    await user.type(box, "Posted from the card");
    await user.click(screen.getByRole("button", { name: "Comment" }));

    const latest = screen.getByRole("list", { name: "Latest comments" });
    expect(await within(latest).findByText("Posted from the card")).toBeInTheDocument();
    expect(within(latest).queryByText("First thought")).not.toBeInTheDocument();
    expect(within(latest).getByText("Second thought")).toBeInTheDocument();
    expect(box).toHaveValue("");
    expect(screen.getByRole("button", { name: "View all 3 comments" })).toBeInTheDocument();

    expect(calls.at(-1)).toMatchObject({ method: "POST", body: { content: "Posted from the card" } });
  });

  it("opens the thread with the reply box when Reply is chosen on a latest comment", async () => {
    stubApi({ [`GET ${commentsPath}`]: { body: { comments: [first] } } });
    const { user } = renderWithApp(
      <PostCard post={makePost({ commentsCount: 1, latestComments: [first] })} currentUserId={ME.id} />,
    );
    await user.click(screen.getByRole("button", { name: `Reply to ${FRIEND.username}` }));
    const replyBox = await screen.findByPlaceholderText(FEED_MESSAGES.replyPlaceholder);
    await waitFor(() => expect(replyBox).toHaveFocus());
    expect(screen.getByRole("button", { name: "Comments (1)" })).toHaveAttribute("aria-expanded", "true");

    // Closed and opened again, the thread comes back without a reply box.
    await user.click(screen.getByRole("button", { name: "Comments (1)" }));
    await user.click(screen.getByRole("button", { name: "Comments (1)" }));
    expect(await screen.findByText("First thought")).toBeInTheDocument();
    expect(screen.queryByPlaceholderText(FEED_MESSAGES.replyPlaceholder)).not.toBeInTheDocument();
  });

  it("shows no list for a post without comments, and opens an empty thread to a box that still works", async () => {
    stubApi({ [`GET ${commentsPath}`]: { body: { comments: [] } } });
    const { user } = renderWithApp(<PostCard post={makePost()} currentUserId={ME.id} />);
    expect(screen.queryByRole("list", { name: "Latest comments" })).not.toBeInTheDocument();
    const comments = screen.getByRole("button", { name: "Comments (0)" });
    await user.click(comments);
    expect(comments).toHaveAttribute("aria-expanded", "true");
    await waitFor(() => expect(screen.queryByText("Loading comments...")).not.toBeInTheDocument());
    expect(screen.queryByRole("list", { name: "Comments" })).not.toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Write a comment" })).toBeInTheDocument();
  });

  // A kind refusal (moderation) and the rate limit: the server's words in the box's red box, the text kept.
  it.each([
    [422, "moderation_refused", MODERATION_MESSAGES.email],
    [429, "rate_limited", "You're sending messages very fast. Take a breath and try again in a minute."],
  ])(
    "keeps the card's comment and shows the server's words when it answers %i",
    async (status, code, message) => {
      stubApi({
        [`GET ${postsPath}`]: {
          body: { posts: [makePost({ commentsCount: 1, latestComments: [first] })], nextCursor: null },
        },
        [`POST ${commentsPath}`]: { status, body: { error: { code, message } } },
      });
      const { user } = renderWithApp(<Feed groupId={GROUP_ID} currentUserId={ME.id} />);
      const card = await screen.findByRole("article", { name: "Thoughts on Ruth" });
      const box = within(card).getByRole("combobox", { name: "Write a comment" });
      await user.type(box, "Write to me at a@b.co");
      await user.click(within(card).getByRole("button", { name: "Comment" }));
      expect(await within(card).findByRole("alert")).toHaveTextContent(message);
      expect(box).toHaveValue("Write to me at a@b.co");
      expect(within(card).getByRole("button", { name: "Comment" })).toBeEnabled();
      expect(within(card).getByRole("button", { name: "Comments (1)" })).toBeInTheDocument();
      expect(within(card).getAllByRole("listitem")).toHaveLength(1);
    },
  );

  it("sends a reply chosen on a latest comment as a reply, shown in the thread, not among the latest", async () => {
    const reply = makeComment({ id: "r1", author: ME, parentCommentId: "c1", content: "A reply" });
    let thread = [first];
    const calls = stubApi({
      [`GET ${postsPath}`]: {
        body: { posts: [makePost({ commentsCount: 1, latestComments: [first] })], nextCursor: null },
      },
      [`GET ${commentsPath}`]: () => ({ body: { comments: thread } }),
      [`POST ${commentsPath}`]: () => {
        thread = [{ ...first, replies: [reply] }];
        return { status: 201, body: reply };
      },
    });
    const { user } = renderWithApp(<Feed groupId={GROUP_ID} currentUserId={ME.id} />);
    await user.click(await screen.findByRole("button", { name: `Reply to ${FRIEND.username}` }));
    await user.type(await screen.findByPlaceholderText(FEED_MESSAGES.replyPlaceholder), "A reply");
    await user.click(screen.getByRole("button", { name: "Reply" }));

    const replies = await screen.findByRole("list", { name: `Replies to ${FRIEND.username}` });
    expect(within(replies).getByText("A reply")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      content: "A reply",
      parentCommentId: "c1",
    });
    expect(screen.getByRole("button", { name: "Comments (2)" })).toBeInTheDocument();
    // Closed again, the card's latest comments are still the top-level ones.
    await user.click(screen.getByRole("button", { name: "Comments (2)" }));
    const latest = screen.getByRole("list", { name: "Latest comments" });
    expect(within(latest).queryByText("A reply")).not.toBeInTheDocument();
    expect(within(latest).getByText("First thought")).toBeInTheDocument();
  });

  it("shows a latest comment whose author deleted their account as 'Someone'", async () => {
    const gone = makeComment({
      id: "c4",
      content: "Old words",
      author: { id: null, username: null, avatarUrl: null },
    });
    renderWithApp(
      <PostCard post={makePost({ commentsCount: 1, latestComments: [gone] })} currentUserId={ME.id} />,
    );
    const comment = screen.getByRole("article", { name: "Comment by Someone" });
    expect(within(comment).getByText("Old words")).toBeInTheDocument();
    expect(within(comment).getByRole("button", { name: "Reply to Someone" })).toBeInTheDocument();
  });
});
