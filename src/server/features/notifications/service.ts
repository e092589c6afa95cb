import { and, count, desc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { userTopic } from "../../../core/realtime";
import type { FeedAuthor, ReactionType } from "../../../core/schemas/feed";
import {
  NOTIFICATIONS_FETCHED,
  type NotificationItem,
  type NotificationType,
  parseMentions,
} from "../../../core/schemas/notifications";
import { PUSH_MESSAGES } from "../../../core/schemas/push";
import type { Database } from "../../db/client";
import { driverRows, isoTime, perDatabase } from "../../db/prepared";
import { groupMembers, notifications, postComments, profiles } from "../../db/schema";
import type { AppServices } from "../../http/app-env";
import {
  type FanOutDeps,
  notify,
  type NotificationSender as Sender,
  toNotificationItem,
} from "../../shared/notify";

async function unreadCount(db: Database, userId: string): Promise<number> {
  const [row] = await unreadOfReader(db).execute({ userId });
  return row?.n ?? 0;
}

const unreadOfReader = perDatabase((db: Database) =>
  db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.recipientId, sql.placeholder("userId")), eq(notifications.read, false)))
    .prepare("unread_notifications_of_reader"),
);

const newestOfReader = perDatabase((db: Database) =>
  db
    .select({ notification: notifications, username: profiles.username, avatarUrl: profiles.avatarUrl })
    .from(notifications)
    .leftJoin(profiles, eq(profiles.id, notifications.senderId))
    .where(eq(notifications.recipientId, sql.placeholder("userId")))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_FETCHED)
    .prepare("notifications_of_reader"),
);

/** A row of `newestOfReader` as the driver reads it (`driverRows`). */
type BellRow = {
  id: string;
  sender_id: string | null;
  type: NotificationType;
  message: string;
  group_id: string | null;
  entity_id: string | null;
  read: boolean;
  created_at: string;
  username: string | null;
  avatar_url: string | null;
};

/** Spec §7: the reader's own 50 newest, each with its sender's name and picture, and how many are unread. */
export async function listNotifications(db: Database, userId: string) {
  // Two statements at once, each prepared: the bell is asked on every signed-in screen.
  const [rows, unread] = await Promise.all([
    driverRows<BellRow>(newestOfReader(db), { userId }),
    unreadCount(db, userId),
  ]);
  return {
    // The fields of toNotificationItem's answer, in its order: the web reads the same shape either way.
    notifications: rows.map(
      (row): NotificationItem => ({
        id: row.id,
        type: row.type,
        message: row.message,
        read: row.read,
        createdAt: isoTime(row.created_at),
        groupId: row.group_id,
        entityId: row.entity_id,
        sender: row.sender_id
          ? { id: row.sender_id, username: row.username, avatarUrl: row.avatar_url }
          : null,
      }),
    ),
    unreadCount: unread,
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
 * non-members, unknown names and the author themself notify no one. Gives back who was told (for
 * notifyReply, which tells no one twice). A failure is logged, never thrown: the post or comment is already
 * saved.
 */
export async function notifyMentions(
  deps: FanOutDeps & Pick<AppServices, "pushQueue">,
  mention: {
    groupId: string;
    author: FeedAuthor;
    text: string;
  } & ({ kind: "post"; postId: string; title: string } | { kind: "comment"; commentId: string }),
): Promise<string[]> {
  const { id } = mention.author;
  // A new post or comment always has its author; a deleted one mentions no one.
  if (id === null) return [];
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
    // And on their phones, where they turned notifications on (issue 26): who, and the way to the group.
    await deps.pushQueue.send(recipientIds, {
      ...PUSH_MESSAGES.mention(author),
      url: `/groups/${encodeURIComponent(mention.groupId)}/chat`,
    });
    return recipientIds;
  } catch (err) {
    deps.logger.error({ err, groupId: mention.groupId }, "mention notifications not sent");
    return [];
  }
}

/**
 * Issue 26: a comment tells the author of what it answers (the post, or the comment it replies to), in the bell
 * and on their phones: unless they wrote it themselves, were already told by a mention in it, or have left the
 * group. One query finds them, a member still. Logged, never thrown, like the mentions.
 */
export async function notifyReply(
  deps: FanOutDeps & Pick<AppServices, "pushQueue">,
  reply: {
    post: { id: string; groupId: string; authorId: string | null; title: string };
    comment: { id: string; parentCommentId: string | null; author: FeedAuthor };
    alreadyTold: string[];
  },
): Promise<void> {
  const { post, comment } = reply;
  const authorId = comment.author.id;
  if (authorId === null) return;
  try {
    // Who wrote what it answers: the comment replied to, or the post (nobody, once its author's account is gone).
    const answered = comment.parentCommentId
      ? inArray(
          groupMembers.userId,
          deps.db
            .select({ id: postComments.authorId })
            .from(postComments)
            .where(eq(postComments.id, comment.parentCommentId)),
        )
      : post.authorId
        ? eq(groupMembers.userId, post.authorId)
        : undefined;
    if (!answered) return;
    const [recipient] = await deps.db
      .select({ id: groupMembers.userId })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, post.groupId), answered));
    if (!recipient || recipient.id === authorId || reply.alreadyTold.includes(recipient.id)) return;
    const sender = { ...comment.author, id: authorId };
    const who = displayName(sender);
    await notify(deps, {
      recipientIds: [recipient.id],
      sender,
      groupId: post.groupId,
      type: "comment_reply",
      message: comment.parentCommentId
        ? `${who} replied to your comment`
        : `${who} commented on your post: ${post.title}`,
      entityId: comment.id,
    });
    await deps.pushQueue.send([recipient.id], {
      ...PUSH_MESSAGES.reply(who),
      url: `/groups/${encodeURIComponent(post.groupId)}/chat`,
    });
  } catch (err) {
    deps.logger.error({ err, postId: post.id }, "reply notification not sent");
  }
}

const REACTION_EMOJI: Record<ReactionType, string> = { like: "👍", love: "❤️", pray: "🙏" };

/** At most one reaction notification per post author and post in this long; later reactions merge into it. */
export const REACTION_NOTICE_WINDOW_MS = 10 * 60_000;

/**
 * Tells a post's author that someone reacted (added or changed a reaction; removing one says nothing),
 * unless they reacted to their own post. Many reactions in a row make one notification, not a bell full: a
 * reaction within REACTION_NOTICE_WINDOW_MS of the last notification about the post merges into it (someone
 * else's turns it into "… and others reacted"), without a new ping. The look-up and the insert take turns on
 * a lock per author and post, so parallel reactions make exactly one. Logged, never thrown, like the mentions.
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
    const recipientId = post.authorId;
    const created = await deps.db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`reaction-notice:${recipientId}:${post.id}`}, 0))`,
      );
      const [recent] = await tx
        .select({ id: notifications.id, senderId: notifications.senderId, firstName: profiles.username })
        .from(notifications)
        .leftJoin(profiles, eq(profiles.id, notifications.senderId))
        .where(
          and(
            eq(notifications.recipientId, recipientId),
            eq(notifications.type, "reaction"),
            eq(notifications.entityId, post.id),
            gt(notifications.createdAt, new Date(Date.now() - REACTION_NOTICE_WINDOW_MS)),
          ),
        )
        .orderBy(desc(notifications.createdAt))
        .limit(1);
      if (!recent) {
        const [row] = await tx
          .insert(notifications)
          .values({
            recipientId,
            senderId: sender.id,
            type: "reaction",
            message: `${displayName(sender)} reacted ${REACTION_EMOJI[type]} to your post: ${post.title}`,
            groupId: post.groupId,
            entityId: post.id,
          })
          .returning();
        return row ?? null;
      }
      // The same child changing their reaction changes nothing worth telling; anyone else joins the first.
      if (recent.senderId !== reactorId) {
        const first = recent.firstName ?? "Someone";
        await tx
          .update(notifications)
          .set({ message: `${first} and others reacted to your post: ${post.title}` })
          .where(eq(notifications.id, recent.id));
      }
      return null;
    });
    if (created) {
      await deps.bus.publish({
        topic: userTopic(recipientId),
        type: "notification",
        data: toNotificationItem(created, sender),
      });
    }
  } catch (err) {
    deps.logger.error({ err, postId: post.id }, "reaction notification not sent");
  }
}
