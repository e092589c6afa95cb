import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FEED_MESSAGES } from "../../../../core/schemas/feed";
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

  it("shows the latest 2 comments, and 'View all N comments' only when there are more", () => {
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
    expect(screen.getByRole("button", { name: "Comments (3)" })).toBeInTheDocument();
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
});
