import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FEED_MESSAGES } from "../../../../core/schemas/feed";
import { renderWithApp } from "../../../test/render";
import { Feed } from "./feed";
import { FRIEND, GROUP_ID, ME, makePost, stubApi } from "./feed-test-data";
import { PostCard } from "./post-card";

const postsPath = `/api/groups/${GROUP_ID}/posts`;

describe("a post card", () => {
  it("shows the pinned banner only on a pinned post", () => {
    renderWithApp(
      <>
        <PostCard post={makePost({ id: "a", isPinned: true, title: "Welcome" })} currentUserId={ME.id} />
        <PostCard post={makePost({ id: "b", title: "Ordinary" })} currentUserId={ME.id} />
      </>,
    );
    const pinned = screen.getByRole("article", { name: "Welcome" });
    expect(within(pinned).getByText("Pinned Post")).toBeInTheDocument();
    const ordinary = screen.getByRole("article", { name: "Ordinary" });
    expect(within(ordinary).queryByText("Pinned Post")).not.toBeInTheDocument();
  });

  it("shows the author, the first letter without an avatar, the title and the content with its line breaks", () => {
    renderWithApp(
      <PostCard post={makePost({ content: "Line one\nLine two\n\nLine four" })} currentUserId={ME.id} />,
    );
    const card = screen.getByRole("article", { name: "Thoughts on Ruth" });
    expect(within(card).getByText("david")).toBeInTheDocument();
    expect(within(card).getByText("D")).toBeInTheDocument();
    expect(within(card).getByRole("heading", { name: "Thoughts on Ruth" })).toBeInTheDocument();
    const content = within(card).getByText(/Line one/);
    expect(content.textContent).toBe("Line one\nLine two\n\nLine four");
    expect(content).toHaveClass("whitespace-pre-wrap");
    expect(within(card).getByText(/2026/).closest("time")).toHaveAttribute(
      "dateTime",
      "2026-11-21T12:00:00.000Z",
    );
  });

  it("offers the post options menu to its author only", async () => {
    const { user } = renderWithApp(
      <>
        <PostCard post={makePost({ id: "a", title: "Mine", author: ME })} currentUserId={ME.id} />
        <PostCard post={makePost({ id: "b", title: "Theirs" })} currentUserId={ME.id} />
      </>,
    );
    const mine = screen.getByRole("article", { name: "Mine" });
    const theirs = screen.getByRole("article", { name: "Theirs" });
    expect(within(theirs).queryByRole("button", { name: "Post options" })).not.toBeInTheDocument();

    await user.click(within(mine).getByRole("button", { name: "Post options" }));
    await user.click(await screen.findByRole("menuitem", { name: "Delete" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete this post?" });
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("marks the reader's reaction as pressed and shows every count", () => {
    renderWithApp(
      <PostCard
        post={makePost({
          reactionCounts: { like: 3, love: 1, pray: 0 },
          reactionsCount: 4,
          userReaction: "love",
          commentsCount: 2,
        })}
        currentUserId={ME.id}
      />,
    );
    expect(screen.getByRole("button", { name: "Like 3" })).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByRole("button", { name: "Love 1" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Pray 0" })).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByRole("button", { name: "Comments (2)" })).toHaveAttribute("aria-expanded", "false");
  });

  it("shows an image, or a video with controls, at most 24rem high", () => {
    renderWithApp(
      <>
        <PostCard
          post={makePost({ id: "a", title: "Picture", mediaUrl: "/uploads/a.webp", mediaType: "image" })}
          currentUserId={ME.id}
        />
        <PostCard
          post={makePost({ id: "b", title: "Clip", mediaUrl: "/uploads/b.mp4", mediaType: "video" })}
          currentUserId={ME.id}
        />
      </>,
    );
    const image = screen.getByRole("img", { name: `Shared by ${FRIEND.username}` });
    expect(image).toHaveAttribute("src", "/uploads/a.webp");
    expect(image).toHaveClass("max-h-96");
    const video = screen.getByLabelText(`Video shared by ${FRIEND.username}`);
    expect(video.tagName).toBe("VIDEO");
    expect(video).toHaveAttribute("controls");
    expect(video).toHaveClass("max-h-96");
  });
});

describe("the feed", () => {
  it("says so when there are no posts yet", async () => {
    stubApi({ [`GET ${postsPath}`]: { body: { posts: [], nextCursor: null } } });
    renderWithApp(<Feed groupId={GROUP_ID} currentUserId={ME.id} />);
    expect(await screen.findByText(FEED_MESSAGES.emptyFeedTitle)).toBeInTheDocument();
    expect(screen.getByText("Be the first to start a discussion in this group!")).toBeInTheDocument();
    expect(screen.getByText("No Posts Yet")).toBeInTheDocument();
  });

  it("updates a post's reactions from the server's answer and loads more on request", async () => {
    const calls = stubApi({
      [`GET ${postsPath}`]: { body: { posts: [makePost()], nextCursor: "next" } },
      [`POST ${postsPath}/post-1/reaction`]: {
        body: { reactionCounts: { like: 0, love: 0, pray: 1 }, reactionsCount: 1, userReaction: "pray" },
      },
    });
    const { user } = renderWithApp(<Feed groupId={GROUP_ID} currentUserId={ME.id} />);
    await user.click(await screen.findByRole("button", { name: "Pray 0" }));
    expect(await screen.findByRole("button", { name: "Pray 1" })).toHaveAttribute("aria-pressed", "true");
    expect(calls.at(-1)).toMatchObject({ method: "POST", body: { type: "pray" } });
    expect(screen.getByRole("button", { name: "Show more posts" })).toBeInTheDocument();
  });

  it("removes a post its author deletes", async () => {
    const calls = stubApi({
      [`GET ${postsPath}`]: { body: { posts: [makePost({ author: ME })], nextCursor: null } },
      [`DELETE ${postsPath}/post-1`]: { status: 204 },
    });
    const { user } = renderWithApp(<Feed groupId={GROUP_ID} currentUserId={ME.id} />);
    await user.click(await screen.findByRole("button", { name: "Post options" }));
    await user.click(await screen.findByRole("menuitem", { name: "Delete" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete this post?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("No Posts Yet")).toBeInTheDocument();
    expect(calls.some((call) => call.method === "DELETE")).toBe(true);
  });
});
