import { z } from "zod";
import type { RealtimeEnvelope, RealtimeEventType } from "./realtime";
import type { FeedComment, FeedPost, PostUpdate } from "./schemas/feed";
import { REACTION_TYPES } from "./schemas/feed";
import { NOTIFICATION_TYPES, type NotificationItem } from "./schemas/notifications";

// The catalogue of live events: for each event type, the shape of its data. The server's bus.publish accepts
// only these shapes (a wrong one does not compile) and the web parses what arrives with the same schemas, so
// the two sides cannot drift apart. Adding an event is its name in REALTIME_EVENT_TYPES (src/core/realtime.ts,
// which the first load reads without zod) and its schema here; the compiler holds the two lists together.

/**
 * The schemas are made on first use, not when this module is imported: the web bundles src/core into shared
 * chunks, and a schema made at import time could run before the constants it names (REACTION_TYPES…) exist.
 */
function buildCatalogue() {
  const author = z.object({
    id: z.string().nullable(),
    username: z.string().nullable(),
    avatarUrl: z.string().nullable(),
  });

  const reactionCounts = z.record(z.enum(REACTION_TYPES), z.number().int().nonnegative());

  const reactionSummary = {
    reactionCounts,
    reactionsCount: z.number().int().nonnegative(),
    userReaction: z.enum(REACTION_TYPES).nullable(),
  };

  const feedCommentSchema: z.ZodType<FeedComment> = z.object({
    id: z.string(),
    postId: z.string(),
    parentCommentId: z.string().nullable(),
    content: z.string(),
    createdAt: z.string(),
    author,
    ...reactionSummary,
    get replies() {
      return z.array(feedCommentSchema);
    },
  });

  const feedPostSchema = z.object({
    id: z.string(),
    groupId: z.string(),
    title: z.string(),
    content: z.string(),
    mediaUrl: z.string().nullable(),
    mediaType: z.enum(["image", "video"]).nullable(),
    mediaPending: z.boolean(),
    isPinned: z.boolean(),
    createdAt: z.string(),
    author,
    commentsCount: z.number().int().nonnegative(),
    latestComments: z.array(feedCommentSchema),
    ...reactionSummary,
  }) satisfies z.ZodType<FeedPost>;

  /** One of a pin, new reaction counts, or a leader's decision on the media (see PostUpdate). */
  const postUpdateSchema = z.union([
    z.object({ postId: z.string(), isPinned: z.boolean() }),
    z.object({ postId: z.string(), reactionCounts, reactionsCount: z.number().int().nonnegative() }),
    z.object({
      postId: z.string(),
      mediaUrl: z.string().nullable(),
      mediaType: z.enum(["image", "video"]).nullable(),
      mediaPending: z.literal(false),
    }),
  ]) satisfies z.ZodType<PostUpdate>;

  const chatMessageSchema = z.object({
    id: z.number().int(),
    groupId: z.string(),
    body: z.string(),
    sentAt: z.string(),
    sender: author,
  });

  const notificationItemSchema = z.object({
    id: z.string(),
    type: z.enum(NOTIFICATION_TYPES),
    message: z.string(),
    read: z.boolean(),
    createdAt: z.string(),
    groupId: z.string().nullable(),
    entityId: z.string().nullable(),
    sender: author.extend({ id: z.string() }).nullable(),
  }) satisfies z.ZodType<NotificationItem>;

  return {
    /** A chat message in a group (topic `group:{id}`). */
    group_message: chatMessageSchema,
    /** The user joined or left a group (topic `user:{id}`); the stream re-reads membership. */
    membership: z.object({ groupId: z.string() }),
    /** A new post in a group's feed, as any member sees it: pending media comes without its address. */
    post_created: feedPostSchema,
    /** A post changed: pinned or unpinned, its reactions, or its media approved or rejected. */
    post_updated: postUpdateSchema,
    /** A post was deleted, or hidden by moderation: open feeds drop it. */
    post_deleted: z.object({ postId: z.string() }),
    /** A comment or reply on a post. */
    comment_created: z.object({ postId: z.string(), comment: feedCommentSchema }),
    /** A notification for the user (topic `user:{id}`). */
    notification: notificationItemSchema,
  } as const satisfies Record<RealtimeEventType, z.ZodType>;
}

let catalogue: ReturnType<typeof buildCatalogue> | undefined;

/** Event type → the zod schema of its data. */
export function realtimeEvents() {
  catalogue ??= buildCatalogue();
  return catalogue;
}

export type { RealtimeEventType };
export type RealtimeEventData<T extends RealtimeEventType> = z.infer<ReturnType<typeof realtimeEvents>[T]>;

/** An event as a feature publishes it: the data's shape follows from its type. */
export type RealtimeEventOf = {
  [T in RealtimeEventType]: { topic: string; type: T; data: RealtimeEventData<T> };
}[RealtimeEventType];

/**
 * The data of an event that arrived, checked against the catalogue; null when it is not the expected type or
 * not of its shape (an older server during a deploy, say), so a handler never trusts what it did not parse.
 */
export function parseEventData<T extends RealtimeEventType>(
  type: T,
  envelope: Pick<RealtimeEnvelope, "type" | "data">,
): RealtimeEventData<T> | null {
  if (envelope.type !== type) return null;
  const parsed = realtimeEvents()[type].safeParse(envelope.data);
  return parsed.success ? (parsed.data as RealtimeEventData<T>) : null;
}

/** A notification as the server sends it, live or in a list; null when it is not of that shape. */
export const parseNotification = (data: unknown) =>
  parseEventData("notification", { type: "notification", data });
