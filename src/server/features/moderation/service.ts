import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import { groupTopic } from "../../../core/realtime";
import {
  type AuditEntry,
  AVATAR_REVIEW_MESSAGES,
  canMute,
  type LeaderAction,
  MUTE_DURATIONS,
  MUTE_MESSAGES,
  type MuteDuration,
  type QueueReport,
  REPORT_MESSAGES,
  REPORTS_TO_HIDE,
  type ReportReason,
  type ReportTargetType,
  type Role,
} from "../../../core/schemas/moderation";
import type { Storage } from "../../adapters/storage/storage";
import type { Database } from "../../db/client";
import { cursorTime, decodeTimeCursor, encodeTimeCursor, isCursorTime, UUID } from "../../db/keyset";
import {
  auditLog,
  groupMembers,
  groupMessages,
  groupPosts,
  postComments,
  profiles,
  reports,
  studyGroups,
  users,
} from "../../db/schema";
import { AppError } from "../../http/errors";
import type { Executor } from "../../shared/award-xp";
import { removePostMedia } from "../feed/post-media";
import { requireMember } from "../groups/service";
import { type FanOutDeps, notify } from "../notifications/service";
import { uploadedAvatarKey } from "../profile/avatar";
import { afterAvatarRemoved, clearUploadedAvatar, USER_ID } from "./avatar-review";

export const QUEUE_PAGE_SIZE = 25;
export const AUDIT_PAGE_SIZE = 50;

/** The reason an automatic hide is recorded with; it has no actor. */
export const AUTO_HIDE_REASON = `${REPORTS_TO_HIDE} reports`;

/**
 * Reports toward the automatic hide come only from accounts at least this old, who have been in the group at
 * least this long: a handful of accounts made (or let in) for the purpose cannot hide a child's post by
 * themselves. Their reports are still recorded and go to the leaders like any other.
 */
export const REPORTER_MIN_ACCOUNT_AGE_MS = 24 * 60 * 60_000;
export const REPORTER_MIN_MEMBERSHIP_MS = 60 * 60_000;

// Not in the contract's messages yet: these two refusals are rare and only need to be clear.
export const OWN_ITEM_MESSAGE = "That's yours, so there's nothing to report.";
export const ALREADY_HANDLED_MESSAGE = "A leader has already handled that report.";

const notFound = () => new AppError("not_found", 404, REPORT_MESSAGES.notFound);
const wrongAction = () => new AppError("wrong_action", 400, AVATAR_REVIEW_MESSAGES.wrongAction);
const reportNotFound = () => new AppError("report_not_found", 404, REPORT_MESSAGES.reportNotFound);

type Person = { id: string; username: string | null };

// ── The reported item ──

type Item = {
  type: ReportTargetType;
  /** The id as the database writes it, so that "ABC…" and "abc…" are one item for the unique index. */
  id: string;
  groupId: string;
  /** Null once the author deleted their account. */
  authorId: string | null;
  text: string;
  hidden: boolean;
  /** A post's media; for a profile picture, the uploaded picture its owner shows (null for a built-in one). */
  mediaUrl: string | null;
};

/** Chat ids are bigserials; anything else (or beyond what a JavaScript number holds exactly) is no message. */
const MESSAGE_ID = /^[1-9]\d{0,14}$/;

/** Whether an id could name an item of this type: a malformed one is simply not found, never a 500. */
function isItemId(type: ReportTargetType, id: string) {
  if (type === "avatar") return USER_ID.test(id);
  return type === "message" ? MESSAGE_ID.test(id) : UUID.test(id);
}

/**
 * The item and its group, or null. With `lock`, its row is locked until the transaction ends: reports of one
 * item and leader actions on it then take turns, so the third report is always counted as the third. "No key
 * update" leaves alone the new comments and reactions that only need the row to exist. A profile picture has
 * no group of its own: `groupId` is the one the report was made from (its owner's row is what is locked, as
 * uploads and a leader's decisions lock it).
 */
async function findItem(
  db: Executor,
  type: ReportTargetType,
  id: string,
  lock = false,
  groupId?: string,
): Promise<Item | null> {
  if (!isItemId(type, id)) return null;
  if (type === "avatar") {
    if (!groupId || !UUID.test(groupId)) return null;
    const query = db
      .select({ id: profiles.id, avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.id, id));
    const [row] = lock ? await query.for("no key update") : await query;
    return row
      ? {
          type,
          id: row.id,
          groupId,
          authorId: row.id,
          text: "",
          hidden: false,
          mediaUrl: uploadedAvatarKey(row.avatarUrl) ? row.avatarUrl : null,
        }
      : null;
  }
  if (type === "post") {
    const query = db
      .select({
        id: groupPosts.id,
        groupId: groupPosts.groupId,
        authorId: groupPosts.authorId,
        title: groupPosts.title,
        content: groupPosts.content,
        hiddenAt: groupPosts.hiddenAt,
        mediaUrl: groupPosts.mediaUrl,
      })
      .from(groupPosts)
      .where(eq(groupPosts.id, id));
    const [row] = lock ? await query.for("no key update") : await query;
    return row
      ? {
          type,
          id: row.id,
          groupId: row.groupId,
          authorId: row.authorId,
          text: `${row.title}\n${row.content}`,
          hidden: row.hiddenAt !== null,
          mediaUrl: row.mediaUrl,
        }
      : null;
  }
  if (type === "comment") {
    const query = db
      .select({
        id: postComments.id,
        groupId: groupPosts.groupId,
        authorId: postComments.authorId,
        content: postComments.content,
        hiddenAt: postComments.hiddenAt,
      })
      .from(postComments)
      .innerJoin(groupPosts, eq(groupPosts.id, postComments.postId))
      .where(eq(postComments.id, id));
    const [row] = lock ? await query.for("no key update", { of: postComments }) : await query;
    return row ? { ...row, type, text: row.content, hidden: row.hiddenAt !== null, mediaUrl: null } : null;
  }
  const query = db
    .select({
      id: groupMessages.id,
      groupId: groupMessages.groupId,
      authorId: groupMessages.senderId,
      body: groupMessages.body,
      hiddenAt: groupMessages.hiddenAt,
    })
    .from(groupMessages)
    .where(eq(groupMessages.id, Number(id)));
  const [row] = lock ? await query.for("no key update") : await query;
  return row
    ? {
        type,
        id: String(row.id),
        groupId: row.groupId,
        authorId: row.authorId,
        text: row.body,
        hidden: row.hiddenAt !== null,
        mediaUrl: null,
      }
    : null;
}

/** Hides or shows the item again; hiding keeps the time it was first hidden. A picture is never hidden. */
async function setHidden(db: Executor, item: Item, hidden: boolean): Promise<boolean> {
  if (item.type === "avatar") return false;
  const hiddenAt = hidden ? sql`now()` : null;
  if (item.type === "post") {
    const rows = await db
      .update(groupPosts)
      .set({ hiddenAt })
      .where(
        and(
          eq(groupPosts.id, item.id),
          hidden ? isNull(groupPosts.hiddenAt) : isNotNull(groupPosts.hiddenAt),
        ),
      )
      .returning({ id: groupPosts.id });
    return rows.length > 0;
  }
  if (item.type === "comment") {
    const rows = await db
      .update(postComments)
      .set({ hiddenAt })
      .where(
        and(
          eq(postComments.id, item.id),
          hidden ? isNull(postComments.hiddenAt) : isNotNull(postComments.hiddenAt),
        ),
      )
      .returning({ id: postComments.id });
    return rows.length > 0;
  }
  const rows = await db
    .update(groupMessages)
    .set({ hiddenAt })
    .where(
      and(
        eq(groupMessages.id, Number(item.id)),
        hidden ? isNull(groupMessages.hiddenAt) : isNotNull(groupMessages.hiddenAt),
      ),
    )
    .returning({ id: groupMessages.id });
  return rows.length > 0;
}

/** Deletes the item; a comment's replies go with it (the foreign key cascades), as a post's comments do. */
async function deleteItem(db: Executor, item: Item) {
  if (item.type === "avatar") throw wrongAction();
  if (item.type === "post") await db.delete(groupPosts).where(eq(groupPosts.id, item.id));
  else if (item.type === "comment") await db.delete(postComments).where(eq(postComments.id, item.id));
  else await db.delete(groupMessages).where(eq(groupMessages.id, Number(item.id)));
}

const ITEM_NAMES: Record<ReportTargetType, string> = {
  post: "A post",
  comment: "A comment",
  message: "A chat message",
  avatar: "A profile picture",
};

// ── Reporting ──

export type ReportInput = {
  targetType: ReportTargetType;
  targetId: string;
  reason: ReportReason;
  note?: string;
  /** For a profile picture: the group it was seen in. */
  groupId?: string;
};

/** Whether someone is a member of a group. */
async function isMemberOf(db: Executor, groupId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row !== undefined;
}

/**
 * Whether a report by this member, made now, counts toward the automatic hide (REPORTER_MIN_*): false too
 * when they are no longer a member, having left since the membership check.
 */
async function countsTowardHide(db: Executor, reporterId: string, groupId: string): Promise<boolean> {
  const now = Date.now();
  const [reporter] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(groupMembers, and(eq(groupMembers.userId, users.id), eq(groupMembers.groupId, groupId)))
    .where(
      and(
        eq(users.id, reporterId),
        lte(users.createdAt, new Date(now - REPORTER_MIN_ACCOUNT_AGE_MS)),
        lte(groupMembers.joinedAt, new Date(now - REPORTER_MIN_MEMBERSHIP_MS)),
      ),
    );
  return reporter !== undefined;
}

/**
 * A member's report of a post, comment or chat message of their group. One per member and item (the unique
 * index decides, so a double click is "already reported", never a second report); the REPORTS_TO_HIDE-th open
 * report that counts (see countsTowardHide) hides the item until a leader acts, and that automatic hide is
 * recorded in the audit log. Reports of one item take turns on the item's row lock, so the count is never
 * read by two at once: parallel reports hide the item exactly once.
 */
export async function createReport(
  deps: FanOutDeps,
  reporterId: string,
  input: ReportInput,
): Promise<{ created: boolean }> {
  const { db } = deps;
  const found = await findItem(db, input.targetType, input.targetId, false, input.groupId);
  if (!found) throw notFound();
  await requireMember(db, found.groupId, reporterId);
  if (found.authorId === reporterId) throw new AppError("own_item", 403, OWN_ITEM_MESSAGE);
  // A picture is reported where both saw each other: its owner shares the group. A built-in picture (or none)
  // is ours, not theirs, and has nothing to report.
  if (found.type === "avatar" && (!found.mediaUrl || !(await isMemberOf(db, found.groupId, found.id))))
    throw notFound();

  const result = await db.transaction(async (tx) => {
    const item = await findItem(tx, found.type, found.id, true, found.groupId);
    // Deleted (or, for a picture, removed) between the look-up and the lock.
    if (!item || (item.type === "avatar" && !item.mediaUrl)) throw notFound();
    const counts = await countsTowardHide(tx, reporterId, item.groupId);
    const [report] = await tx
      .insert(reports)
      .values({
        reporterId,
        targetType: item.type,
        targetId: item.id,
        groupId: item.groupId,
        reason: input.reason,
        note: input.note || null,
        countsTowardHide: counts,
      })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (!report) return { created: false, hidden: false, item };
    // A report that does not count cannot be the one that reaches the number. A picture is never hidden by
    // reports: leaders decide whether it goes.
    if (!counts || item.type === "avatar") return { created: true, hidden: false, item };
    const open = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          eq(reports.targetType, item.type),
          eq(reports.targetId, item.id),
          eq(reports.status, "open"),
          eq(reports.countsTowardHide, true),
        ),
      );
    const hidden = open.length >= REPORTS_TO_HIDE && !item.hidden && (await setHidden(tx, item, true));
    if (hidden) {
      await tx.insert(auditLog).values({
        actorId: null,
        action: "hide",
        targetType: item.type,
        targetId: item.id,
        reason: AUTO_HIDE_REASON,
        details: { automatic: true, groupId: item.groupId, reportIds: open.map((row) => row.id) },
      });
    }
    return { created: true, hidden, item };
  });

  if (result.created) {
    if (result.hidden && result.item.type === "post") {
      await deps.bus.publish({
        topic: groupTopic(result.item.groupId),
        type: "post_deleted",
        data: { postId: result.item.id },
      });
    }
    await notifyLeaders(deps, result.item, reporterId, result.hidden);
  }
  return { created: result.created };
}

/**
 * Tells the group's leaders of a new report: every leader or admin who is a member of the group, and its owner.
 * Never the reporter (they know) nor the author (it would point them at someone). No words of the item, and
 * no sender: the bell shows only that something in the group needs a look. Logged, never thrown: the
 * report is already saved.
 */
async function notifyLeaders(deps: FanOutDeps, item: Item, reporterId: string, hidden: boolean) {
  try {
    const rows = await deps.db
      .select({ id: groupMembers.userId, groupName: studyGroups.name })
      .from(groupMembers)
      .innerJoin(profiles, eq(profiles.id, groupMembers.userId))
      .innerJoin(studyGroups, eq(studyGroups.id, groupMembers.groupId))
      .where(
        and(
          eq(groupMembers.groupId, item.groupId),
          or(inArray(profiles.role, ["leader", "admin"]), eq(groupMembers.role, "owner")),
          notInArray(groupMembers.userId, item.authorId ? [reporterId, item.authorId] : [reporterId]),
        ),
      );
    const groupName = rows[0]?.groupName;
    if (!groupName) return;
    await notify(deps, {
      type: "other",
      recipientIds: rows.map((row) => row.id),
      sender: null,
      message: `${ITEM_NAMES[item.type]} in ${groupName} was reported.${hidden ? " It is hidden until a leader looks." : ""}`,
      groupId: item.groupId,
      entityId: null,
    });
  } catch (err) {
    deps.logger.error({ err, groupId: item.groupId }, "report notifications not sent");
  }
}

// ── The leaders' queue ──

/**
 * Open reports, oldest first, a page at a time (keyset on created_at and id). Each comes with its item as
 * written (a profile picture as its owner shows it now), its author and how many open reports the item has:
 * one query for the page (the count is a correlated subquery on the target index) and one per kind of item on
 * it, so at most five, however many.
 */
export async function listQueue(db: Database, cursor?: string) {
  const after = cursor ? decodeTimeCursor(cursor) : null;
  const rows = await db
    .select({
      id: reports.id,
      reason: reports.reason,
      note: reports.note,
      createdAt: reports.createdAt,
      time: cursorTime(reports.createdAt),
      targetType: reports.targetType,
      targetId: reports.targetId,
      groupId: reports.groupId,
      groupName: studyGroups.name,
      reporterId: reports.reporterId,
      reporterName: profiles.username,
      // Aliased, so that "reports" inside still names the outer row.
      reportCount: sql<number>`(select count(*)::int from ${reports} same_item where same_item.target_type = ${reports.targetType} and same_item.target_id = ${reports.targetId} and same_item.status = 'open')`,
    })
    .from(reports)
    .innerJoin(studyGroups, eq(studyGroups.id, reports.groupId))
    .leftJoin(profiles, eq(profiles.id, reports.reporterId))
    .where(
      and(
        eq(reports.status, "open"),
        after
          ? sql`(${reports.createdAt}, ${reports.id}) > (${after.time}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(QUEUE_PAGE_SIZE + 1);
  const page = rows.slice(0, QUEUE_PAGE_SIZE);
  const items = await loadItems(db, page);
  const last = page.at(-1);
  return {
    reports: page.map((row): QueueReport => {
      const type = row.targetType as ReportTargetType;
      const item = items.get(`${type}:${row.targetId}`);
      return {
        id: row.id,
        reason: row.reason as ReportReason,
        note: row.note,
        createdAt: row.createdAt.toISOString(),
        reporter: row.reporterId ? { id: row.reporterId, username: row.reporterName ?? null } : null,
        reportCount: row.reportCount,
        item: {
          targetType: type,
          targetId: row.targetId,
          groupId: row.groupId,
          groupName: row.groupName,
          text: item?.text ?? null,
          author: item?.author ?? null,
          hidden: item?.hidden ?? false,
          pictureUrl: item?.pictureUrl ?? null,
        },
      };
    }),
    nextCursor: rows.length > QUEUE_PAGE_SIZE && last ? encodeTimeCursor(last.time, last.id) : null,
  };
}

type LoadedItem = { text: string | null; author: Person | null; hidden: boolean; pictureUrl: string | null };

/** The page's items by `type:id`, one query per kind present; a deleted item is simply absent. */
async function loadItems(db: Database, page: { targetType: string; targetId: string }[]) {
  const idsOf = (type: ReportTargetType) =>
    page.filter((row) => row.targetType === type).map((row) => row.targetId);
  const postIds = idsOf("post");
  const commentIds = idsOf("comment");
  const messageIds = idsOf("message").map(Number);
  const ownerIds = idsOf("avatar");
  const [posts, comments, messages, owners] = await Promise.all([
    postIds.length === 0
      ? []
      : db
          .select({
            id: groupPosts.id,
            title: groupPosts.title,
            content: groupPosts.content,
            authorId: groupPosts.authorId,
            username: profiles.username,
            hiddenAt: groupPosts.hiddenAt,
          })
          .from(groupPosts)
          .leftJoin(profiles, eq(profiles.id, groupPosts.authorId))
          .where(inArray(groupPosts.id, postIds)),
    commentIds.length === 0
      ? []
      : db
          .select({
            id: postComments.id,
            content: postComments.content,
            authorId: postComments.authorId,
            username: profiles.username,
            hiddenAt: postComments.hiddenAt,
          })
          .from(postComments)
          .leftJoin(profiles, eq(profiles.id, postComments.authorId))
          .where(inArray(postComments.id, commentIds)),
    messageIds.length === 0
      ? []
      : db
          .select({
            id: groupMessages.id,
            body: groupMessages.body,
            authorId: groupMessages.senderId,
            username: profiles.username,
            hiddenAt: groupMessages.hiddenAt,
          })
          .from(groupMessages)
          .leftJoin(profiles, eq(profiles.id, groupMessages.senderId))
          .where(inArray(groupMessages.id, messageIds)),
    ownerIds.length === 0
      ? []
      : db
          .select({ id: profiles.id, username: profiles.username, avatarUrl: profiles.avatarUrl })
          .from(profiles)
          .where(inArray(profiles.id, ownerIds)),
  ]);
  const items = new Map<string, LoadedItem>();
  const author = (row: { authorId: string | null; username: string | null }) =>
    row.authorId ? { id: row.authorId, username: row.username } : null;
  for (const row of posts) {
    items.set(`post:${row.id}`, {
      text: `${row.title}\n${row.content}`,
      author: author(row),
      hidden: row.hiddenAt !== null,
      pictureUrl: null,
    });
  }
  for (const row of comments) {
    const hidden = row.hiddenAt !== null;
    items.set(`comment:${row.id}`, { text: row.content, author: author(row), hidden, pictureUrl: null });
  }
  for (const row of messages) {
    const hidden = row.hiddenAt !== null;
    items.set(`message:${row.id}`, { text: row.body, author: author(row), hidden, pictureUrl: null });
  }
  // A picture has no words; what is reported is the uploaded picture its owner shows now, if any.
  for (const row of owners) {
    items.set(`avatar:${row.id}`, {
      text: null,
      author: { id: row.id, username: row.username },
      hidden: false,
      pictureUrl: uploadedAvatarKey(row.avatarUrl) ? row.avatarUrl : null,
    });
  }
  return items;
}

// ── Leader actions ──

/**
 * Refuses a mute (or the lifting of one) that the actor's role does not allow: leaders and admins are muted
 * only by an admin. Roles are read in the caller's transaction, as they are when it acts.
 */
export async function requireMayMute(tx: Executor, actorId: string, targetId: string) {
  const rows = await tx
    .select({ id: profiles.id, role: profiles.role })
    .from(profiles)
    .where(inArray(profiles.id, [actorId, targetId]));
  const roleOf = (id: string) => rows.find((row) => row.id === id)?.role as Role | undefined;
  if (!canMute(roleOf(actorId), roleOf(targetId)))
    throw new AppError("admins_only", 403, MUTE_MESSAGES.adminsOnly);
}

export type ActionInput = { action: LeaderAction; muteFor?: MuteDuration; reason: string };

/**
 * A leader's decision on a report, for the whole item: every open report of it is closed together, the item
 * changed (for a profile picture: removed, audited as remove_avatar), and exactly one audit row written, in one
 * transaction. The item is locked first and then its open
 * reports in id order, the same order a report or another leader's action takes, so two leaders acting on
 * the same item at once take turns instead of deadlocking; the second one finds the report closed (409).
 */
export async function actOnReport(
  deps: FanOutDeps & { storage: Storage },
  actorId: string,
  reportId: string,
  input: ActionInput,
): Promise<{ report: { id: string; status: "dismissed" | "actioned" } }> {
  const { db } = deps;
  if (!UUID.test(reportId)) throw reportNotFound();
  const [report] = await db.select().from(reports).where(eq(reports.id, reportId));
  if (!report) throw reportNotFound();
  const alreadyHandled = () => new AppError("report_closed", 409, ALREADY_HANDLED_MESSAGE);
  if (report.status !== "open") throw alreadyHandled();
  const targetType = report.targetType as ReportTargetType;
  // A picture is removed, never hidden or deleted as an item; only a picture is removed.
  const pictureAction = input.action === "remove_avatar";
  const itemAction = input.action === "hide" || input.action === "delete";
  if (targetType === "avatar" ? itemAction : pictureAction) throw wrongAction();
  const status = input.action === "dismiss" ? "dismissed" : "actioned";

  const outcome = await db.transaction(async (tx) => {
    const item = await findItem(tx, targetType, report.targetId, true, report.groupId);
    const open = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          eq(reports.targetType, targetType),
          eq(reports.targetId, report.targetId),
          eq(reports.status, "open"),
        ),
      )
      .orderBy(asc(reports.id))
      .for("update");
    if (!open.some((row) => row.id === report.id)) throw alreadyHandled();

    const details: Record<string, unknown> = {
      reportId: report.id,
      groupId: report.groupId,
      reportIds: open.map((row) => row.id),
      itemGone: item === null,
    };
    let auditTarget = { type: targetType as string, id: report.targetId };
    let hiddenNow = false;
    let deleted = false;
    let removedPicture: string | null = null;
    if (input.action === "dismiss") {
      details.unhidden = item ? await setHidden(tx, item, false) : false;
    } else if (input.action === "hide") {
      hiddenNow = item ? await setHidden(tx, item, true) : false;
    } else if (input.action === "delete") {
      if (item) {
        await deleteItem(tx, item);
        deleted = true;
        Object.assign(details, {
          authorId: item.authorId,
          text: item.text,
          hadMedia: item.mediaUrl !== null,
        });
      }
    } else if (input.action === "remove_avatar") {
      // The picture its owner shows now, wherever it is seen; 409 when it has already gone.
      removedPicture = await clearUploadedAvatar(tx, report.targetId);
      details.pictureUrl = removedPicture;
    } else {
      // Without the item, or once its author deleted their account, there is no one to mute.
      if (!item?.authorId) throw notFound();
      await requireMayMute(tx, actorId, item.authorId);
      const until = new Date(Date.now() + MUTE_DURATIONS[input.muteFor ?? "24h"]);
      // A shorter mute never cuts an earlier, longer one short.
      const [muted] = await tx
        .update(profiles)
        .set({
          mutedUntil: sql`greatest(coalesce(${profiles.mutedUntil}, now()), ${until.toISOString()}::timestamptz)`,
        })
        .where(eq(profiles.id, item.authorId))
        .returning({ mutedUntil: profiles.mutedUntil });
      auditTarget = { type: "user", id: item.authorId };
      Object.assign(details, {
        itemType: targetType,
        itemId: item.id,
        muteFor: input.muteFor,
        mutedUntil: muted?.mutedUntil?.toISOString() ?? until.toISOString(),
      });
    }

    await tx
      .update(reports)
      .set({ status, resolvedBy: actorId, resolvedAt: sql`now()` })
      .where(
        inArray(
          reports.id,
          open.map((row) => row.id),
        ),
      );
    await tx.insert(auditLog).values({
      actorId,
      action: input.action,
      targetType: auditTarget.type,
      targetId: auditTarget.id,
      reason: input.reason,
      details,
    });
    return { item, hiddenNow, deleted, removedPicture };
  });

  const { item } = outcome;
  if (item?.type === "post" && (outcome.hiddenNow || outcome.deleted)) {
    // Open feeds drop the post at once; chat and comments show the change on their next load.
    await deps.bus.publish({
      topic: groupTopic(item.groupId),
      type: "post_deleted",
      data: { postId: item.id },
    });
  }
  if (outcome.deleted) {
    await removePostMedia(deps.storage, item?.mediaUrl ?? null, (err) =>
      deps.logger.warn({ err, reportId }, "reported post's media not removed"),
    );
  }
  if (outcome.removedPicture) await afterAvatarRemoved(deps, report.targetId, outcome.removedPicture);
  return { report: { id: report.id, status } };
}

// ── The audit log ──

function encodeAuditCursor(time: string, id: number) {
  return Buffer.from(`${time}|${id}`).toString("base64url");
}

function decodeAuditCursor(cursor: string): { time: string; id: string } | null {
  const [time, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  return isCursorTime(time) && id && MESSAGE_ID.test(id) ? { time, id } : null;
}

/** Newest first, a page at a time (keyset on the created_at, id index); an unreadable cursor is the first page. */
export async function listAudit(db: Database, cursor?: string) {
  const after = cursor ? decodeAuditCursor(cursor) : null;
  const rows = await db
    .select({ entry: auditLog, username: profiles.username, time: cursorTime(auditLog.createdAt) })
    .from(auditLog)
    .leftJoin(profiles, eq(profiles.id, auditLog.actorId))
    .where(
      after
        ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after.time}::timestamptz, ${after.id}::bigint)`
        : undefined,
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return {
    entries: page.map(
      ({ entry, username }): AuditEntry => ({
        id: entry.id,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        reason: entry.reason,
        details: (entry.details ?? {}) as Record<string, unknown>,
        createdAt: entry.createdAt.toISOString(),
        actor: entry.actorId ? { id: entry.actorId, username: username ?? null } : null,
      }),
    ),
    nextCursor: rows.length > AUDIT_PAGE_SIZE && last ? encodeAuditCursor(last.time, last.entry.id) : null,
  };
}
