import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { groupTopic, type RealtimeEnvelope } from "../../../../core/realtime";
import type { FeedPost } from "../../../../core/schemas/feed";
import { GROUP_ID, makeComment, makePost } from "../components/feed-test-data";
import { applyCommentCreated, applyPostCreated, applyPostDeleted, applyPostUpdated } from "./feed-events";
import { commentsQuery, countNewComment } from "./get-comments";
import { addOwnPost, addPost, postsQuery } from "./get-posts";

const envelope = (type: string, data: unknown, groupId = GROUP_ID): RealtimeEnvelope => ({
  id: 1,
  topic: groupTopic(groupId),
  type,
  data,
  createdAt: "2026-11-21T12:00:00.000Z",
});

function clientWithPosts(posts: FeedPost[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(postsQuery(GROUP_ID).queryKey, {
    pages: [{ posts, nextCursor: null }],
    pageParams: [null],
  });
  const shown = () => queryClient.getQueryData(postsQuery(GROUP_ID).queryKey)?.pages[0]?.posts ?? [];
  return { queryClient, shown };
}

describe("the feed cache", () => {
  it("puts a new post below the pinned ones, once", () => {
    const { queryClient, shown } = clientWithPosts([
      makePost({ id: "pinned", isPinned: true }),
      makePost({ id: "old" }),
    ]);
    addPost(queryClient, GROUP_ID, makePost({ id: "new" }));
    addPost(queryClient, GROUP_ID, makePost({ id: "new" }));
    expect(shown().map((post) => post.id)).toEqual(["pinned", "new", "old"]);
  });

  it("applies live events of this group only, keeping my own reaction", () => {
    const mine = makePost({ id: "mine", userReaction: "love" });
    const { queryClient, shown } = clientWithPosts([mine]);
    const data = { ...mine, userReaction: null };
    applyPostCreated(queryClient, GROUP_ID, envelope("post_created", data));
    expect(shown()).toEqual([mine]);

    const theirs = makePost({ id: "theirs" });
    applyPostCreated(queryClient, GROUP_ID, envelope("post_created", theirs, "other-group"));
    expect(shown()).toHaveLength(1);
    applyPostCreated(queryClient, GROUP_ID, envelope("post_created", theirs));
    expect(shown().map((post) => post.id)).toEqual(["theirs", "mine"]);
    // The live post keeps its author's name and picture for the card.
    expect(shown()[0]?.author).toEqual(theirs.author);

    const counts = { postId: "mine", reactionCounts: { like: 2, love: 1, pray: 0 }, reactionsCount: 3 };
    applyPostUpdated(queryClient, GROUP_ID, envelope("post_updated", counts));
    expect(shown()[1]).toMatchObject({
      reactionCounts: counts.reactionCounts,
      reactionsCount: 3,
      userReaction: "love",
    });

    applyPostDeleted(queryClient, GROUP_ID, envelope("post_deleted", { postId: "theirs" }));
    expect(shown().map((post) => post.id)).toEqual(["mine"]);
  });

  it("counts a comment once, whether its POST answer or its live event comes first", () => {
    const { queryClient, shown } = clientWithPosts([makePost({ id: "post-1", commentsCount: 1 })]);
    queryClient.setQueryData(commentsQuery(GROUP_ID, "post-1").queryKey, { comments: [] });
    const comment = makeComment({ id: "c1" });
    const data = { postId: "post-1", comment };
    applyCommentCreated(queryClient, GROUP_ID, envelope("comment_created", data));
    countNewComment(queryClient, GROUP_ID, "post-1", "c1");
    applyCommentCreated(queryClient, GROUP_ID, envelope("comment_created", data));
    expect(shown()[0]?.commentsCount).toBe(2);
    expect(queryClient.getQueryState(commentsQuery(GROUP_ID, "post-1").queryKey)?.isInvalidated).toBe(true);
  });

  it("keeps the author's own view of their waiting media, whichever of the answer and the event comes first", () => {
    const mine = makePost({ id: "mine", author: { id: "me", username: "me", avatarUrl: null } });
    const asAuthor = {
      ...mine,
      mediaUrl: "/uploads/mine.webp",
      mediaType: "image" as const,
      mediaPending: true,
    };
    const asOthers = { ...asAuthor, mediaUrl: null };

    const eventFirst = clientWithPosts([]);
    applyPostCreated(eventFirst.queryClient, GROUP_ID, envelope("post_created", asOthers));
    addOwnPost(eventFirst.queryClient, GROUP_ID, asAuthor);
    expect(eventFirst.shown()).toEqual([asAuthor]);

    const answerFirst = clientWithPosts([]);
    addOwnPost(answerFirst.queryClient, GROUP_ID, asAuthor);
    applyPostCreated(answerFirst.queryClient, GROUP_ID, envelope("post_created", asOthers));
    expect(answerFirst.shown()).toEqual([asAuthor]);
  });

  it("shows approved media live, and drops rejected media, keeping everything else", () => {
    const waiting = makePost({ id: "p", mediaType: "image", mediaPending: true, userReaction: "pray" });
    const { queryClient, shown } = clientWithPosts([waiting, makePost({ id: "other" })]);
    const approved = { postId: "p", mediaUrl: "/uploads/p.webp", mediaType: "image", mediaPending: false };
    applyPostUpdated(queryClient, GROUP_ID, envelope("post_updated", approved));
    expect(shown()[0]).toEqual({ ...waiting, mediaUrl: "/uploads/p.webp", mediaPending: false });

    const rejected = { postId: "p", mediaUrl: null, mediaType: null, mediaPending: false };
    applyPostUpdated(queryClient, GROUP_ID, envelope("post_updated", rejected));
    expect(shown()[0]).toEqual({ ...waiting, mediaUrl: null, mediaType: null, mediaPending: false });
    expect(shown()[1]).toEqual(makePost({ id: "other" }));

    // A pin or reaction event says nothing of the media, so it stays as it is.
    const counts = { postId: "p", reactionCounts: { like: 1, love: 0, pray: 0 }, reactionsCount: 1 };
    applyPostUpdated(queryClient, GROUP_ID, envelope("post_updated", counts));
    expect(shown()[0]).toMatchObject({ mediaType: null, mediaPending: false, reactionsCount: 1 });
  });
});
