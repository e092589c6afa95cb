import type { QueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { groupTopic, type RealtimeEnvelope } from "../../../../core/realtime";
import { type FeedPost, REACTION_TYPES } from "../../../../core/schemas/feed";
import { commentsQuery, countNewComment } from "./get-comments";
import { addPost, postsQuery, removePost, updatePost } from "./get-posts";

// The feed's live events as the feed routes publish them on the group's topic:
//   post_created    the FeedPost, as any member sees it (pending media without its address)
//   post_updated    { postId, reactionCounts, reactionsCount }, { postId, isPinned } or, once a leader
//                   approved or rejected its media, { postId, mediaUrl, mediaType, mediaPending: false }
//   post_deleted    { postId }
//   comment_created { postId, comment: FeedComment }
// Each is parsed before it touches the cache; events of other groups are ignored.

const postSchema = z.looseObject({
  id: z.string(),
  groupId: z.string(),
  title: z.string(),
  content: z.string(),
  isPinned: z.boolean(),
  createdAt: z.string(),
  // Not stripped down: the card shows the author's name and picture from here.
  author: z.object({
    id: z.string().nullable(),
    username: z.string().nullable(),
    avatarUrl: z.string().nullable(),
  }),
  commentsCount: z.number(),
  reactionCounts: z.record(z.enum(REACTION_TYPES), z.number()),
  reactionsCount: z.number(),
});

const postUpdatedSchema = z.object({
  postId: z.string(),
  reactionCounts: z.record(z.enum(REACTION_TYPES), z.number()).optional(),
  reactionsCount: z.number().optional(),
  commentsCount: z.number().optional(),
  isPinned: z.boolean().optional(),
  mediaUrl: z.string().nullable().optional(),
  mediaType: z.enum(["image", "video"]).nullable().optional(),
  mediaPending: z.boolean().optional(),
});

const postDeletedSchema = z.object({ postId: z.string() });

const commentCreatedSchema = z.object({
  postId: z.string(),
  comment: z.object({ id: z.string() }).optional(),
  commentsCount: z.number().optional(),
});

const ofGroup = (event: RealtimeEnvelope, groupId: string) => event.topic === groupTopic(groupId);

export function applyPostCreated(
  queryClient: QueryClient,
  groupId: string,
  data: unknown,
  event: RealtimeEnvelope,
) {
  const parsed = postSchema.safeParse(data);
  if (!ofGroup(event, groupId) || !parsed.success || parsed.data.groupId !== groupId) return;
  // The event goes to every member, so it cannot say how this reader reacted: nobody has, yet. A post
  // already shown (my own, from its POST answer) is left as it is, my own reaction and my own view of its
  // pending media included; useCreatePost puts that view back should this event win the race.
  addPost(queryClient, groupId, { ...(parsed.data as FeedPost), userReaction: null });
}

export function applyPostDeleted(
  queryClient: QueryClient,
  groupId: string,
  data: unknown,
  event: RealtimeEnvelope,
) {
  const parsed = postDeletedSchema.safeParse(data);
  if (!ofGroup(event, groupId) || !parsed.success) return;
  removePost(queryClient, groupId, parsed.data.postId);
}

/** Someone reacted, or a leader decided on the media: take what changed and keep this reader's own reaction. */
export function applyPostUpdated(
  queryClient: QueryClient,
  groupId: string,
  data: unknown,
  event: RealtimeEnvelope,
) {
  const parsed = postUpdatedSchema.safeParse(data);
  if (!ofGroup(event, groupId) || !parsed.success) return;
  const { postId, reactionCounts, reactionsCount, commentsCount, isPinned, mediaPending } = parsed.data;
  // A pin moves the post to another place in the feed, perhaps to a page not loaded yet: read it again.
  if (isPinned !== undefined) {
    void queryClient.invalidateQueries({ queryKey: postsQuery(groupId).queryKey });
    return;
  }
  updatePost(queryClient, groupId, postId, (post) => ({
    ...post,
    ...(reactionCounts ? { reactionCounts: { ...post.reactionCounts, ...reactionCounts } } : {}),
    ...(reactionsCount !== undefined ? { reactionsCount } : {}),
    ...(commentsCount !== undefined ? { commentsCount } : {}),
    // A decision on the media says all of it: approved shows it to everyone, rejected removes it.
    ...(mediaPending !== undefined
      ? { mediaUrl: parsed.data.mediaUrl ?? null, mediaType: parsed.data.mediaType ?? null, mediaPending }
      : {}),
  }));
}

export function applyCommentCreated(
  queryClient: QueryClient,
  groupId: string,
  data: unknown,
  event: RealtimeEnvelope,
) {
  const parsed = commentCreatedSchema.safeParse(data);
  if (!ofGroup(event, groupId) || !parsed.success) return;
  const { postId, comment, commentsCount } = parsed.data;
  countNewComment(queryClient, groupId, postId, comment?.id, commentsCount);
  // Only an open comment list is fetched again; a closed one is marked stale and loads fresh when opened.
  void queryClient.invalidateQueries({ queryKey: commentsQuery(groupId, postId).queryKey, exact: true });
}
