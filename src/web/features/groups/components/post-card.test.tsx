import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ADMIN_DELETE_MESSAGES } from "../../../../core/schemas/admin-delete";
import { FEED_MESSAGES } from "../../../../core/schemas/feed";
import { REPORT_MESSAGES } from "../../../../core/schemas/moderation";
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

  it("offers Delete to the author only, and Admin Delete to every member", async () => {
    const { user } = renderWithApp(
      <>
        <PostCard post={makePost({ id: "a", title: "Mine", author: ME })} currentUserId={ME.id} />
        <PostCard post={makePost({ id: "b", title: "Theirs" })} currentUserId={ME.id} />
      </>,
    );
    const mine = screen.getByRole("article", { name: "Mine" });
    const theirs = screen.getByRole("article", { name: "Theirs" });
    await user.click(within(theirs).getByRole("button", { name: "Post options" }));
    expect(await screen.findByRole("menuitem", { name: "Admin Delete" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Delete" })).not.toBeInTheDocument();
    await user.keyboard("{Escape}");

    await user.click(within(mine).getByRole("button", { name: "Post options" }));
    expect(await screen.findByRole("menuitem", { name: "Admin Delete" })).toBeInTheDocument();
    await user.click(screen.getByRole("menuitem", { name: "Delete" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete this post?" });
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // The menu item that opened it went with the menu: the focus is back on the menu's own button.
    expect(within(mine).getByRole("button", { name: "Post options" })).toHaveFocus();
  });

  it("gives the focus back to the menu's button when Delete is cancelled with Escape", async () => {
    const { user } = renderWithApp(
      <PostCard post={makePost({ id: "a", title: "Mine", author: ME })} currentUserId={ME.id} />,
    );
    const options = screen.getByRole("button", { name: "Post options" });
    options.focus();
    await user.keyboard("{Enter}");
    await user.click(await screen.findByRole("menuitem", { name: "Delete" }));
    await screen.findByRole("dialog", { name: "Delete this post?" });
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(options).toHaveFocus();
  });

  it("offers Report on others' posts only, and reports the post from its own dialog", async () => {
    const calls = stubApi({
      "POST /api/reports": { status: 201, body: { message: REPORT_MESSAGES.thanks } },
    });
    const { user } = renderWithApp(
      <>
        <PostCard post={makePost({ id: "a", title: "Mine", author: ME })} currentUserId={ME.id} />
        <PostCard post={makePost({ id: "b", title: "Theirs" })} currentUserId={ME.id} />
      </>,
    );
    const mine = screen.getByRole("article", { name: "Mine" });
    await user.click(within(mine).getByRole("button", { name: "Post options" }));
    expect(await screen.findByRole("menuitem", { name: "Delete" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Report" })).not.toBeInTheDocument();
    await user.keyboard("{Escape}");

    const theirs = screen.getByRole("article", { name: "Theirs" });
    const options = within(theirs).getByRole("button", { name: "Post options" });
    await user.click(options);
    await user.click(await screen.findByRole("menuitem", { name: "Report" }));
    const dialog = await screen.findByRole("dialog", { name: "Report this post" });
    await user.click(within(dialog).getByRole("radio", { name: "Spam" }));
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await within(dialog).findByText(REPORT_MESSAGES.thanks)).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      method: "POST",
      pathname: "/api/reports",
      body: { targetType: "post", targetId: "b", reason: "spam" },
    });
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(options).toHaveFocus());
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

  it("lets the group's leader pin a post, reads the feed again in its new order, and hides Pin from others", async () => {
    let pinned = false;
    const calls = stubApi({
      [`GET ${postsPath}`]: () => ({
        body: { posts: [makePost({ isPinned: pinned })], nextCursor: null },
      }),
      [`PUT ${postsPath}/post-1/pin`]: () => {
        pinned = true;
        return { body: { postId: "post-1", isPinned: true } };
      },
    });
    const { user } = renderWithApp(<Feed groupId={GROUP_ID} currentUserId={ME.id} canPin />);
    await user.click(await screen.findByRole("button", { name: "Post options" }));
    await user.click(await screen.findByRole("menuitem", { name: "Pin" }));
    expect(await screen.findByText("Pinned Post")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "PUT")).toMatchObject({ body: { pinned: true } });
    await user.click(screen.getByRole("button", { name: "Post options" }));
    expect(await screen.findByRole("menuitem", { name: "Unpin" })).toBeInTheDocument();
  });

  it("offers no Pin to a member who does not lead the group", async () => {
    stubApi({ [`GET ${postsPath}`]: { body: { posts: [makePost()], nextCursor: null } } });
    const { user } = renderWithApp(<Feed groupId={GROUP_ID} currentUserId={ME.id} />);
    await user.click(await screen.findByRole("button", { name: "Post options" }));
    expect(await screen.findByRole("menuitem", { name: "Admin Delete" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Pin" })).not.toBeInTheDocument();
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

describe("admin delete", () => {
  const adminStatusPath = `/api/groups/${GROUP_ID}/admin-delete`;
  const adminDeletePath = (postId: string) => `${postsPath}/${postId}/admin-delete`;
  const twoPosts = {
    posts: [makePost({ id: "post-1", title: "First" }), makePost({ id: "post-2", title: "Second" })],
    nextCursor: null,
  };

  async function openPanel(user: ReturnType<typeof renderWithApp>["user"], title: string) {
    const card = await screen.findByRole("article", { name: title });
    await user.click(within(card).getByRole("button", { name: "Post options" }));
    await user.click(await screen.findByRole("menuitem", { name: "Admin Delete" }));
    return within(card).findByRole("region", { name: "Admin Delete" });
  }

  it("opens the panel from the menu, one post at a time, with Delete disabled while the password is blank", async () => {
    stubApi({
      [`GET ${postsPath}`]: { body: twoPosts },
      [`GET ${adminStatusPath}`]: { body: { enabled: true } },
    });
    const { user } = renderWithApp(<Feed groupId={GROUP_ID} currentUserId={ME.id} />);
    const first = await openPanel(user, "First");
    const field = await within(first).findByLabelText("Admin password");
    expect(field).toHaveAttribute("type", "password");
    await waitFor(() => expect(field).toHaveFocus());
    const deleteButton = within(first).getByRole("button", { name: "Delete" });
    expect(deleteButton).toBeDisabled();
    await user.type(field, "   ");
    expect(deleteButton).toBeDisabled();
    await user.type(field, "x");
    expect(deleteButton).toBeEnabled();
    await user.clear(field);
    expect(deleteButton).toBeDisabled();

    // Under the post's title, so that its h4 follows the post's h3.
    const headings = within(screen.getByRole("article", { name: "First" })).getAllByRole("heading");
    expect(headings.map((heading) => [heading.tagName, heading.textContent])).toEqual([
      ["H3", "First"],
      ["H4", "Admin Delete"],
    ]);

    const second = await openPanel(user, "Second");
    expect(within(second).getByLabelText("Admin password")).toBeInTheDocument();
    expect(screen.getAllByRole("region", { name: "Admin Delete" })).toHaveLength(1);

    await user.click(within(second).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("region", { name: "Admin Delete" })).not.toBeInTheDocument();
  });

  it("alerts the spec's words on a wrong password and keeps the panel open", async () => {
    const alert = vi.fn();
    vi.stubGlobal("alert", alert);
    const calls = stubApi({
      [`GET ${postsPath}`]: { body: twoPosts },
      [`GET ${adminStatusPath}`]: { body: { enabled: true } },
      [`POST ${adminDeletePath("post-1")}`]: {
        status: 403,
        body: {
          error: { code: "admin_delete_refused", message: "Invalid admin password or error deleting post" },
        },
      },
    });
    const { user } = renderWithApp(<Feed groupId={GROUP_ID} currentUserId={ME.id} />);
    const panel = await openPanel(user, "First");
    await user.type(await within(panel).findByLabelText("Admin password"), "guess-one");
    await user.click(within(panel).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Invalid admin password or error deleting post"));
    expect(calls.at(-1)).toMatchObject({ method: "POST", body: { password: "guess-one" } });
    expect(screen.getByRole("region", { name: "Admin Delete" })).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "First" })).toBeInTheDocument();
  });

  it("alerts the server's own words when attempts run out", async () => {
    const alert = vi.fn();
    vi.stubGlobal("alert", alert);
    stubApi({
      [`GET ${postsPath}`]: { body: twoPosts },
      [`GET ${adminStatusPath}`]: { body: { enabled: true } },
      [`POST ${adminDeletePath("post-1")}`]: {
        status: 429,
        body: { error: { code: "too_many_attempts", message: ADMIN_DELETE_MESSAGES.tooManyAttempts } },
      },
    });
    const { user } = renderWithApp(<Feed groupId={GROUP_ID} currentUserId={ME.id} />);
    const panel = await openPanel(user, "First");
    await user.type(await within(panel).findByLabelText("Admin password"), "guess{Enter}");
    await waitFor(() => expect(alert).toHaveBeenCalledWith(ADMIN_DELETE_MESSAGES.tooManyAttempts));
  });

  it("removes the post when the password is right", async () => {
    const alert = vi.fn();
    vi.stubGlobal("alert", alert);
    stubApi({
      [`GET ${postsPath}`]: { body: twoPosts },
      [`GET ${adminStatusPath}`]: { body: { enabled: true } },
      [`POST ${adminDeletePath("post-2")}`]: { status: 204 },
    });
    const { user } = renderWithApp(<Feed groupId={GROUP_ID} currentUserId={ME.id} />);
    const panel = await openPanel(user, "Second");
    await user.type(await within(panel).findByLabelText("Admin password"), "the-right-one");
    await user.click(within(panel).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("article", { name: "Second" })).not.toBeInTheDocument());
    expect(screen.getByRole("article", { name: "First" })).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
  });

  it("says admin delete is turned off when the server has no admin password", async () => {
    stubApi({
      [`GET ${postsPath}`]: { body: twoPosts },
      [`GET ${adminStatusPath}`]: { body: { enabled: false } },
    });
    const { user } = renderWithApp(<Feed groupId={GROUP_ID} currentUserId={ME.id} />);
    const panel = await openPanel(user, "First");
    expect(await within(panel).findByText("Admin delete is turned off on this server.")).toBeInTheDocument();
    expect(within(panel).queryByLabelText("Admin password")).not.toBeInTheDocument();
    await user.click(within(panel).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("region", { name: "Admin Delete" })).not.toBeInTheDocument();
  });
});
