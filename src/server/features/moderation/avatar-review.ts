import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  AVATAR_REVIEW_MESSAGES,
  type MediaReviewAction,
  MUTE_MESSAGES,
  type PendingAvatar,
} from "../../../core/schemas/moderation";
import type { Database } from "../../db/client";
import { cursorTime, encodeTimeCursor, isCursorTime } from "../../db/keyset";
import { auditLog, profiles, reports } from "../../db/schema";
import type { AppServices } from "../../http/app-env";
import { AppError } from "../../http/errors";
import type { Executor } from "../../shared/award-xp";
import { removeAvatarFiles, uploadedAvatarKey } from "../profile";
import { NO_REASON } from "./media-review";

// Members' profile pictures waiting for a leader (issue 18), the approve and reject actions on them, and the
// removal of an uploaded picture others see, with or without a report.

export const AVATAR_PAGE_SIZE = 25;

/** What a leader's decision on a picture or an item needs: the tables, and the files it removes after the commit. */
export type DecisionDeps = Pick<AppServices, "db" | "logger" | "storage">;

/** Better Auth's ids: letters and digits. Anything else is no member, never a 500. */
export const USER_ID = /^[\w-]{1,100}$/;

const memberNotFound = () => new AppError("member_not_found", 404, MUTE_MESSAGES.memberNotFound);
const notPending = () => new AppError("avatar_not_pending", 409, AVATAR_REVIEW_MESSAGES.notPending);
export const pictureGone = () => new AppError("avatar_gone", 409, AVATAR_REVIEW_MESSAGES.gone);

// Written out rather than bound as a parameter, so that the planner always matches the partial index's own
// predicate (profiles_pending_avatar_idx), whatever plan a prepared statement gets.
const isPendingAvatar = sql`${profiles.pendingAvatarUrl} is not null`;

/** A page's last row: the time with microseconds and the owner's id (not a uuid, so not the shared decoder). */
function decodeAvatarCursor(cursor: string): { time: string; id: string } | null {
  const [time, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  return isCursorTime(time) && id && USER_ID.test(id) ? { time, id } : null;
}

/**
 * Pictures waiting for approval, oldest first, a page at a time: keyset on pending_avatar_at and the owner's
 * id, which the partial index holds in that order, so a page reads only waiting rows. One query per page; an
 * unreadable cursor is the first page.
 */
export async function listPendingAvatars(db: Database, cursor?: string) {
  const after = cursor ? decodeAvatarCursor(cursor) : null;
  const rows = await db
    .select({
      userId: profiles.id,
      username: profiles.username,
      pictureUrl: profiles.pendingAvatarUrl,
      submittedAt: profiles.pendingAvatarAt,
      time: cursorTime(profiles.pendingAvatarAt),
    })
    .from(profiles)
    .where(
      and(
        isPendingAvatar,
        after
          ? sql`(${profiles.pendingAvatarAt}, ${profiles.id}) > (${after.time}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(profiles.pendingAvatarAt), asc(profiles.id))
    .limit(AVATAR_PAGE_SIZE + 1);
  const page = rows.slice(0, AVATAR_PAGE_SIZE);
  const last = page.at(-1);
  return {
    avatars: page.flatMap((row): PendingAvatar[] =>
      // The check on the table pairs the picture with its time; this only satisfies the types.
      row.pictureUrl && row.submittedAt
        ? [
            {
              userId: row.userId,
              username: row.username,
              pictureUrl: row.pictureUrl,
              submittedAt: row.submittedAt.toISOString(),
            },
          ]
        : [],
    ),
    nextCursor: rows.length > AVATAR_PAGE_SIZE && last ? encodeTimeCursor(last.time, last.userId) : null,
  };
}

/** The owner's picture columns, locked until the transaction ends, as uploads lock them. */
async function lockPictures(tx: Executor, userId: string) {
  const [row] = await tx
    .select({ avatarUrl: profiles.avatarUrl, pendingAvatarUrl: profiles.pendingAvatarUrl })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for("no key update");
  return row ?? null;
}

export type AvatarReviewInput = { action: MediaReviewAction; pictureUrl: string; reason?: string };

/**
 * A leader's approval or rejection of a waiting picture. The owner's row is locked first, as an upload locks
 * it, so two leaders (or a leader and a new upload) take turns: the second finds that picture no longer
 * waiting (409), and a picture the owner replaced meanwhile is never decided unseen. The change and its audit
 * row are one transaction; only after it commits are the replaced files removed (the action tells the owner).
 */
export async function reviewPendingAvatar(
  deps: DecisionDeps,
  actorId: string,
  userId: string,
  input: AvatarReviewInput,
): Promise<{ userId: string; avatarUrl: string | null }> {
  if (!USER_ID.test(userId)) throw memberNotFound();
  const approved = input.action === "approve";
  const reason = input.reason?.trim() || NO_REASON;

  const { replaced, avatarUrl } = await deps.db.transaction(async (tx) => {
    const row = await lockPictures(tx, userId);
    if (!row) throw memberNotFound();
    if (row.pendingAvatarUrl === null || row.pendingAvatarUrl !== input.pictureUrl) throw notPending();
    const picture = row.pendingAvatarUrl;
    const avatarUrl = approved ? picture : row.avatarUrl;
    await tx
      .update(profiles)
      .set({ avatarUrl, pendingAvatarUrl: null, pendingAvatarAt: null })
      .where(eq(profiles.id, userId));
    await tx.insert(auditLog).values({
      actorId,
      action: approved ? "approve_avatar" : "reject_avatar",
      targetType: "avatar",
      targetId: userId,
      reason,
      details: { pictureUrl: picture },
    });
    // Approved: what others saw before (if anything) is replaced. Rejected: the waiting picture goes.
    return { replaced: approved ? [row.avatarUrl] : [picture], avatarUrl };
  });

  await removeAvatarFiles(deps, replaced, avatarUrl);
  return { userId, avatarUrl };
}

/**
 * Within the caller's transaction, after it has locked the owner's row: takes away the uploaded picture others
 * see. `expected`, when given, is the picture the leader saw; anything else there (or nothing, or a built-in
 * picture) is 409. Returns the removed picture's URL; its file goes after the commit (removeAvatarFiles).
 */
export async function clearUploadedAvatar(tx: Executor, userId: string, expected?: string): Promise<string> {
  const row = await lockPictures(tx, userId);
  if (!row) throw memberNotFound();
  const picture = row.avatarUrl;
  if (!picture || !uploadedAvatarKey(picture)) throw pictureGone();
  if (expected !== undefined && picture !== expected) throw pictureGone();
  await tx.update(profiles).set({ avatarUrl: null }).where(eq(profiles.id, userId));
  return picture;
}

/**
 * A leader removes a member's uploaded picture outside a report: others see the first letter again, the
 * picture's open reports are closed as acted on, one audit row (remove_avatar) says who and why. The owner's
 * row is locked and then the open reports in id order, the order a report action takes, so the two take turns.
 */
export async function removeAvatar(
  deps: DecisionDeps,
  actorId: string,
  userId: string,
  input: { pictureUrl: string; reason: string },
): Promise<{ userId: string; avatarUrl: null }> {
  if (!USER_ID.test(userId)) throw memberNotFound();
  const picture = await deps.db.transaction(async (tx) => {
    const picture = await clearUploadedAvatar(tx, userId, input.pictureUrl);
    const open = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.targetType, "avatar"), eq(reports.targetId, userId), eq(reports.status, "open")))
      .orderBy(asc(reports.id))
      .for("update");
    const reportIds = open.map((row) => row.id);
    if (reportIds.length > 0) {
      await tx
        .update(reports)
        .set({ status: "actioned", resolvedBy: actorId, resolvedAt: sql`now()` })
        .where(inArray(reports.id, reportIds));
    }
    await tx.insert(auditLog).values({
      actorId,
      action: "remove_avatar",
      targetType: "avatar",
      targetId: userId,
      reason: input.reason,
      details: { pictureUrl: picture, reportIds },
    });
    return picture;
  });
  await removeAvatarFiles(deps, [picture]);
  return { userId, avatarUrl: null };
}
