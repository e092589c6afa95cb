import { and, asc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import { canMute, MUTE_MESSAGES, type MutedMember, type Role } from "../../../core/schemas/moderation";
import type { Database } from "../../db/client";
import { auditLog, profiles } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { Executor } from "../../shared/award-xp";

/** More members muted at once than a ministry reviews on one screen; the soonest to end come first. */
export const MUTES_LIST_LIMIT = 200;

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

/** Everyone muted now, soonest to end first, each with whether this viewer may lift the mute. */
export async function listMutes(db: Database, viewerRole: Role): Promise<{ mutes: MutedMember[] }> {
  const rows = await db
    .select({
      id: profiles.id,
      username: profiles.username,
      role: profiles.role,
      mutedUntil: profiles.mutedUntil,
    })
    .from(profiles)
    .where(and(isNotNull(profiles.mutedUntil), gt(profiles.mutedUntil, sql`now()`)))
    .orderBy(asc(profiles.mutedUntil), asc(profiles.id))
    .limit(MUTES_LIST_LIMIT);
  return {
    mutes: rows.flatMap((row) =>
      row.mutedUntil
        ? [
            {
              user: { id: row.id, username: row.username },
              mutedUntil: row.mutedUntil.toISOString(),
              canLift: canMute(viewerRole, row.role as Role),
            },
          ]
        : [],
    ),
  };
}

/**
 * Ends a mute before its time (issue 17), for whoever may mute that member. The profile row is locked, so a
 * mute and its lifting, or two leaders lifting at once, take turns: the second is told nobody is muted (409).
 * The change and its audit row, beside the mute's own, are one transaction.
 */
export async function liftMute(
  db: Database,
  actorId: string,
  userId: string,
  reason: string,
): Promise<{ user: { id: string }; mutedUntil: null }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: profiles.id, mutedUntil: profiles.mutedUntil })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for("update");
    if (!row) throw new AppError("not_found", 404, MUTE_MESSAGES.memberNotFound);
    await requireMayMute(tx, actorId, row.id);
    const [lifted] = await tx
      .update(profiles)
      .set({ mutedUntil: null })
      .where(and(eq(profiles.id, row.id), gt(profiles.mutedUntil, sql`now()`)))
      .returning({ id: profiles.id });
    if (!lifted || !row.mutedUntil) throw new AppError("not_muted", 409, MUTE_MESSAGES.notMuted);
    await tx.insert(auditLog).values({
      actorId,
      action: "unmute",
      targetType: "user",
      targetId: row.id,
      reason,
      details: { mutedUntil: row.mutedUntil.toISOString() },
    });
    return { user: { id: row.id }, mutedUntil: null };
  });
}
