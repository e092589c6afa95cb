import type { QueryClient } from "@tanstack/react-query";
import { parseEventData } from "../../../../core/events";
import { groupTopic, type RealtimeEnvelope } from "../../../../core/realtime";
import { commentsQuery, countNewComment } from "./get-comments";
import { addLatestComment, addPost, postsQuery, removePost, updatePost } from "./get-posts";

// The feed's live events on the group's topic, each parsed with the event catalogue (src/core/events.ts) that
// the server publishes with, before it touches the cache; events of other groups are ignored.

const ofGroup = (event: RealtimeEnvelope, groupId: string) => event.topic === groupTopic(groupId);

export function applyPostCreated(queryClient: QueryClient, groupId: string, event: RealtimeEnvelope) {
  const post = parseEventData("post_created", event);
  if (!ofGroup(event, groupId) || !post || post.groupId !== groupId) return;
  // The event goes to every member, so it cannot say how this reader reacted: nobody has, yet. A post
  // already shown (my own, from its POST answer) is left as it is, my own reaction and my own view of its
  // pending media included; useCreatePost puts that view back should this event win the race.
  addPost(queryClient, groupId, { ...post, userReaction: null });
}

export function applyPostDeleted(queryClient: QueryClient, groupId: string, event: RealtimeEnvelope) {
  const deleted = parseEventData("post_deleted", event);
  if (!ofGroup(event, groupId) || !deleted) return;
  removePost(queryClient, groupId, deleted.postId);
}

/** Someone reacted, or a leader decided on the media: take what changed and keep this reader's own reaction. */
export function applyPostUpdated(queryClient: QueryClient, groupId: string, event: RealtimeEnvelope) {
  const update = parseEventData("post_updated", event);
  if (!ofGroup(event, groupId) || !update) return;
  // A pin moves the post to another place in the feed, perhaps to a page not loaded yet: read it again.
  if ("isPinned" in update) {
    void queryClient.invalidateQueries({ queryKey: postsQuery(groupId).queryKey });
    return;
  }
  updatePost(queryClient, groupId, update.postId, (post) =>
    "reactionCounts" in update
      ? { ...post, reactionCounts: update.reactionCounts, reactionsCount: update.reactionsCount }
      : // A decision on the media says all of it: approved shows it to everyone, rejected removes it.
        {
          ...post,
          mediaUrl: update.mediaUrl,
          mediaType: update.mediaType,
          mediaPending: update.mediaPending,
        },
  );
}

export function applyCommentCreated(queryClient: QueryClient, groupId: string, event: RealtimeEnvelope) {
  const created = parseEventData("comment_created", event);
  if (!ofGroup(event, groupId) || !created) return;
  const { postId, comment } = created;
  countNewComment(queryClient, groupId, postId, comment.id);
  // A new top-level comment is the newest on the post's card; a reply stays in the full thread.
  addLatestComment(queryClient, groupId, comment);
  // Only an open comment list is fetched again; a closed one is marked stale and loads fresh when opened.
  void queryClient.invalidateQueries({ queryKey: commentsQuery(groupId, postId).queryKey, exact: true });
}
