import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MEDIA_MESSAGES } from "../../../../core/schemas/moderation";
import { renderWithApp } from "../../../test/render";
import { FRIEND, ME, makePost } from "./feed-test-data";
import { PostCard } from "./post-card";

describe("a post card with media waiting for a leader", () => {
  it("shows the author their own photo, with a note that only they can see it", () => {
    renderWithApp(
      <PostCard
        post={makePost({
          title: "My drawing",
          author: ME,
          mediaUrl: "/uploads/mine.webp",
          mediaType: "image",
          mediaPending: true,
        })}
        currentUserId={ME.id}
      />,
    );
    const card = screen.getByRole("article", { name: "My drawing" });
    expect(within(card).getByRole("img", { name: `Shared by ${ME.username}` })).toHaveAttribute(
      "src",
      "/uploads/mine.webp",
    );
    expect(within(card).getByText(MEDIA_MESSAGES.pendingForAuthor)).toBeInTheDocument();
    expect(within(card).queryByText(MEDIA_MESSAGES.pendingForOthers)).not.toBeInTheDocument();
  });

  it("shows other members a quiet placeholder instead, with nothing to load", () => {
    renderWithApp(
      <PostCard
        post={makePost({ title: "Their clip", mediaUrl: null, mediaType: "video", mediaPending: true })}
        currentUserId={ME.id}
      />,
    );
    const card = screen.getByRole("article", { name: "Their clip" });
    expect(within(card).getByText(MEDIA_MESSAGES.pendingForOthers)).toBeInTheDocument();
    expect(within(card).queryByText(MEDIA_MESSAGES.pendingForAuthor)).not.toBeInTheDocument();
    expect(within(card).queryByRole("img")).not.toBeInTheDocument();
    expect(within(card).queryByLabelText(`Video shared by ${FRIEND.username}`)).not.toBeInTheDocument();
    expect(card.querySelector("img, video")).toBeNull();
  });

  it("shows a leader the waiting media to review, without telling them only they can see it", () => {
    renderWithApp(
      <PostCard
        post={makePost({
          title: "Their photo",
          mediaUrl: "/uploads/theirs.webp",
          mediaType: "image",
          mediaPending: true,
        })}
        currentUserId={ME.id}
      />,
    );
    const card = screen.getByRole("article", { name: "Their photo" });
    expect(within(card).getByRole("img", { name: `Shared by ${FRIEND.username}` })).toBeInTheDocument();
    expect(within(card).getByText(MEDIA_MESSAGES.pendingForOthers)).toBeInTheDocument();
    expect(within(card).queryByText(MEDIA_MESSAGES.pendingForAuthor)).not.toBeInTheDocument();
  });

  it("shows approved media with no note at all", () => {
    renderWithApp(
      <PostCard
        post={makePost({ title: "Approved", mediaUrl: "/uploads/ok.webp", mediaType: "image" })}
        currentUserId={ME.id}
      />,
    );
    const card = screen.getByRole("article", { name: "Approved" });
    expect(within(card).getByRole("img")).toBeInTheDocument();
    expect(within(card).queryByText(MEDIA_MESSAGES.pendingForAuthor)).not.toBeInTheDocument();
    expect(within(card).queryByText(MEDIA_MESSAGES.pendingForOthers)).not.toBeInTheDocument();
  });
});
