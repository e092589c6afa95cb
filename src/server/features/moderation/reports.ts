import { and, eq, inArray, lte, notInArray, or } from "drizzle-orm";
import { REPORTS_TO_HIDE, type ReportReason, type ReportTargetType } from "../../../core/schemas/moderation";
import type { Database } from "../../db/client";
import { auditLog, groupMembers, profiles, reports, studyGroups, users } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { Executor } from "../../shared/award-xp";
import { requireMember } from "../groups";
import { findItem, type Item, itemNotFound, setHidden } from "./reported-item";

/** The reason an automatic hide is recorded with; it has no actor. */
export const AUTO_HIDE_REASON = `${REPORTS_TO_HIDE} reports`;

/**
 * Reports toward the automatic hide come only from accounts at least this old, who have been in the group at
 * least this long: a handful of accounts made (or let in) for the purpose cannot hide a child's post by
 * themselves. Their reports are still recorded and go to the leaders like any other.
 */
export const REPORTER_MIN_ACCOUNT_AGE_MS = 24 * 60 * 60_000;
export const REPORTER_MIN_MEMBERSHIP_MS = 60 * 60_000;

// Not in the contract's messages yet: this refusal is rare and only needs to be clear.
export const OWN_ITEM_MESSAGE = "That's yours, so there's nothing to report.";

export const ITEM_NAMES: Record<ReportTargetType, string> = {
  post: "A post",
  comment: "A comment",
  message: "A chat message",
  avatar: "A profile picture",
};

export type ReportInput = {
  targetType: ReportTargetType;
  targetId: string;
  reason: ReportReason;
  note?: string;
  /** For a profile picture: the group it was seen in. */
  groupId?: string;
};

/** What a report stored: whether it is new (a second one by the same member is not), and whether it hid the item. */
export type FiledReport = { created: boolean; hidden: boolean; item: Item };

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
 * The item a member may report: one of their group's (for a profile picture, of a group its owner shares with
 * them, and uploaded), and not their own. Anything else is "not found" or "that's yours".
 */
export async function findReportable(db: Database, reporterId: string, input: ReportInput): Promise<Item> {
  const found = await findItem(db, input.targetType, input.targetId, false, input.groupId);
  if (!found) throw itemNotFound();
  await requireMember(db, found.groupId, reporterId);
  if (found.authorId === reporterId) throw new AppError("own_item", 403, OWN_ITEM_MESSAGE);
  // A picture is reported where both saw each other: its owner shares the group. A built-in picture (or none)
  // is ours, not theirs, and has nothing to report.
  if (found.type === "avatar" && (!found.mediaUrl || !(await isMemberOf(db, found.groupId, found.id))))
    throw itemNotFound();
  return found;
}

/**
 * A member's report of an item findReportable found. One per member and item (the unique index decides, so a
 * double click is "already reported", never a second report); the REPORTS_TO_HIDE-th open report that counts
 * (see countsTowardHide) hides the item until a leader acts, and that automatic hide is recorded in the audit
 * log. Reports of one item take turns on the item's row lock, so the count is never read by two at once:
 * parallel reports hide the item exactly once.
 */
export async function fileReport(
  db: Database,
  reporterId: string,
  found: Item,
  input: Pick<ReportInput, "reason" | "note">,
): Promise<FiledReport> {
  return db.transaction(async (tx): Promise<FiledReport> => {
    const item = await findItem(tx, found.type, found.id, true, found.groupId);
    // Deleted (or, for a picture, removed) between the look-up and the lock.
    if (!item || (item.type === "avatar" && !item.mediaUrl)) throw itemNotFound();
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
}

/**
 * Who hears of a new report: every leader or admin who is a member of the item's group, and its owner. Never
 * the reporter (they know) nor the author (it would point them at someone). With the group's name, for the
 * message; no one when the group has no such member.
 */
export async function leadersToTell(db: Database, item: Item, reporterId: string) {
  const rows = await db
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
  return { recipientIds: rows.map((row) => row.id), groupName: rows[0]?.groupName ?? null };
}
