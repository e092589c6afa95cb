import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  type LeaderAction,
  MUTE_DURATIONS,
  type MuteDuration,
  REPORT_MESSAGES,
  type ReportTargetType,
} from "../../../core/schemas/moderation";
import { UUID } from "../../db/keyset";
import { auditLog, profiles, reports } from "../../db/schema";
import { AppError } from "../../http/errors";
import { removePostMedia } from "../feed";
import { removeAvatarFiles } from "../profile";
import { clearUploadedAvatar, type DecisionDeps } from "./avatar-review";
import { requireMayMute } from "./mutes";
import { deleteItem, findItem, type Item, itemNotFound, setHidden, wrongAction } from "./reported-item";

// Not in the contract's messages yet: this refusal is rare and only needs to be clear.
export const ALREADY_HANDLED_MESSAGE = "A leader has already handled that report.";

const reportNotFound = () => new AppError("report_not_found", 404, REPORT_MESSAGES.reportNotFound);

export type ActionInput = { action: LeaderAction; muteFor?: MuteDuration; reason: string };

/** The closed report, and what the decision changed, for the action to announce. */
export type ReportDecision = {
  report: { id: string; status: "dismissed" | "actioned" };
  /** The reported item as it was locked; null when it had gone already. */
  item: Item | null;
  /** A post now out of members' sight, hidden by this decision or deleted. */
  postGone: boolean;
  /** The item was deleted by this decision. */
  deleted: boolean;
  /** The owner of an uploaded picture taken away, who is told. */
  pictureOwnerId: string | null;
};

/**
 * A leader's decision on a report, for the whole item: every open report of it is closed together, the item
 * changed (for a profile picture: removed, audited as remove_avatar), and exactly one audit row written, in one
 * transaction. The item is locked first and then its open
 * reports in id order, the same order a report or another leader's action takes, so two leaders acting on
 * the same item at once take turns instead of deadlocking; the second one finds the report closed (409).
 * After the commit, a deleted post's media and a removed picture's files go; telling others is the action's.
 */
export async function actOnReport(
  deps: DecisionDeps,
  actorId: string,
  reportId: string,
  input: ActionInput,
): Promise<ReportDecision> {
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

  const { item, deleted, postGone, removedPicture } = await db.transaction(async (tx) => {
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
      if (!item?.authorId) throw itemNotFound();
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
    return { item, deleted, postGone: item?.type === "post" && (hiddenNow || deleted), removedPicture };
  });

  if (deleted) {
    await removePostMedia(deps.storage, item?.mediaUrl ?? null, (err) =>
      deps.logger.warn({ err, reportId }, "reported post's media not removed"),
    );
  }
  if (removedPicture) await removeAvatarFiles(deps, [removedPicture]);
  return {
    report: { id: report.id, status },
    item,
    postGone,
    deleted,
    pictureOwnerId: removedPicture ? report.targetId : null,
  };
}
