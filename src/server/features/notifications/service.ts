import { and, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { userTopic } from "../../../core/realtime";
import type { FeedAuthor, ReactionType } from "../../../core/schemas/feed";
import {
  NOTIFICATIONS_FETCHED,
  type NotificationItem,
  type NotificationType,
  parseMentions,
} from "../../../core/schemas/notifications";
import type { Database } from "../../db/client";
import { groupMembers, notifications, profiles } from "../../db/schema";
import type { AppServices } from "../../http/app-env";

type Sender = { id: string; username: string | null; avatarUrl: string | null };

/** What storing and delivering notifications needs. */
export type NotifyDeps = Pick<AppServices, "db" | "bus">;
/** Fan-out also logs: it never fails the request that caused it. */
export type FanOutDeps = Pick<AppServices, "db" | "bus" | "logger">;

type NotificationRow = typeof notifications.$inferSelect;

function toItem(row: NotificationRow, sender: Sender | null): NotificationItem {
  return {
    id: row.id,
    type: row.type as NotificationType,
    message: row.message,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
    groupId: row.groupId,
    entityId: row.entityId,
    sender,
  };
}

async function unreadCount(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), eq(notifications.read, false)));
  return row?.n ?? 0;
}

/** Spec §7: the reader's own 50 newest, each with its sender's name and picture, and how many are unread. */
export async function listNotifications(db: Database, userId: string) {
  const rows = await db
    .select({ notification: notifications, username: profiles.username, avatarUrl: profiles.avatarUrl })
    .from(notifications)
    .leftJoin(profiles, eq(profiles.id, notifications.senderId))
    .where(eq(notifications.recipientId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_FETCHED);
  return {
    notifications: rows.map(({ notification, username, avatarUrl }) =>
      toItem(
        notification,
        notification.senderId
          ? { id: notification.senderId, username: username ?? null, avatarUrl: avatarUrl ?? null }
          : null,
      ),
    ),
    unreadCount: await unreadCount(db, userId),
  };
}

/** Marks the reader's own notifications read; ids of anyone else's are ignored, not refused. */
export async function markRead(db: Database, userId: string, ids: string[]) {
  await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.recipientId, userId), inArray(notifications.id, ids)));
  return { unreadCount: await unreadCount(db, userId) };
}

export async function markAllRead(db: Database, userId: string) {
  await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.recipientId, userId), eq(notifications.read, false)));
  return { unreadCount: 0 };
}

export type NotificationInput = {
  type: NotificationType;
  recipientIds: string[];
  sender: Sender | null;
  message: string;
  groupId: string | null;
  entityId: string | null;
};

/** Stores one notification per recipient in one statement, then sends each to its recipient's open tabs. */
export async function notify(deps: NotifyDeps, input: NotificationInput): Promise<NotificationItem[]> {
  if (input.recipientIds.length === 0) return [];
  const rows = await deps.db
    .insert(notifications)
    .values(
      input.recipientIds.map((recipientId) => ({
        recipientId,
        senderId: input.sender?.id ?? null,
        type: input.type,
        message: input.message,
        groupId: input.groupId,
        entityId: input.entityId,
      })),
    )
    .returning();
  const items = rows.map((row) => ({ recipientId: row.recipientId, item: toItem(row, input.sender) }));
  await Promise.all(
    items.map(({ recipientId, item }) =>
      deps.bus.publish({ topic: userTopic(recipientId), type: "notification", data: item }),
    ),
  );
  return items.map(({ item }) => item);
}

/** The members of a group among these usernames (any case), in one query; never `exceptId`. */
async function membersNamed(db: Database, groupId: string, usernames: string[], exceptId: string) {
  if (usernames.length === 0) return [];
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(groupMembers, and(eq(groupMembers.userId, profiles.id), eq(groupMembers.groupId, groupId)))
    .where(
      and(
        inArray(
          sql`lower(${profiles.username})`,
          usernames.map((name) => name.toLowerCase()),
        ),
        ne(profiles.id, exceptId),
      ),
    );
  return rows.map((row) => row.id);
}

const displayName = (sender: Sender) => sender.username ?? "Someone";

/**
 * Spec §5: each member of the group written as @username in a post or comment is told so; mentions of
 * non-members, unknown names and the author themself notify no one. A failure is logged, never thrown: the
 * post or comment is already saved.
 */
export async function notifyMentions(
  deps: FanOutDeps,
  mention: {
    groupId: string;
    author: FeedAuthor;
    text: string;
  } & ({ kind: "post"; postId: string; title: string } | { kind: "comment"; commentId: string }),
): Promise<void> {
  const { id } = mention.author;
  // A new post or comment always has its author; a deleted one mentions no one.
  if (id === null) return;
  const sender = { ...mention.author, id };
  try {
    const names = parseMentions(mention.text);
    const recipientIds = await membersNamed(deps.db, mention.groupId, names, id);
    const author = displayName(sender);
    await notify(deps, {
      recipientIds,
      sender,
      groupId: mention.groupId,
      ...(mention.kind === "post"
        ? {
            type: "post_mention",
            message: `${author} mentioned you in a post: ${mention.title}`,
            entityId: mention.postId,
          }
        : {
            type: "comment_mention",
            message: `${author} mentioned you in a comment`,
            entityId: mention.commentId,
          }),
    });
  } catch (err) {
    deps.logger.error({ err, groupId: mention.groupId }, "mention notifications not sent");
  }
}

const REACTION_EMOJI: Record<ReactionType, string> = { like: "👍", love: "❤️", pray: "🙏" };

/**
 * Tells a post's author that someone reacted (added or changed a reaction; removing one says nothing),
 * unless they reacted to their own post. Logged, never thrown, like the mentions.
 */
export async function notifyPostReaction(
  deps: FanOutDeps,
  reaction: {
    post: { id: string; groupId: string; authorId: string | null; title: string };
    reactorId: string;
    type: ReactionType;
  },
): Promise<void> {
  const { post, reactorId, type } = reaction;
  if (!post.authorId || post.authorId === reactorId) return;
  try {
    const [reactor] = await deps.db
      .select({ id: profiles.id, username: profiles.username, avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.id, reactorId));
    const sender = reactor ?? { id: reactorId, username: null, avatarUrl: null };
    await notify(deps, {
      type: "reaction",
      recipientIds: [post.authorId],
      sender,
      message: `${displayName(sender)} reacted ${REACTION_EMOJI[type]} to your post: ${post.title}`,
      groupId: post.groupId,
      entityId: post.id,
    });
  } catch (err) {
    deps.logger.error({ err, postId: post.id }, "reaction notification not sent");
  }
}
