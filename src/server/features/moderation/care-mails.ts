// Care alerts by email (issue 25): which leaders a high-priority flag is mailed to. Every admin always is; a
// leader is unless an admin turned it off for them (a leader who is not responsible for children's care).
import { asc, eq } from "drizzle-orm";
import {
  CARE_MAIL_MESSAGES,
  CARE_MAILS_LIST_LIMIT,
  type CareMailsLeader,
} from "../../../core/schemas/moderation";
import type { Database } from "../../db/client";
import { auditLog, profiles } from "../../db/schema";
import { AppError } from "../../http/errors";

/** Every leader with their setting, by username (admins are not listed: theirs cannot be turned off). */
export async function listCareMails(db: Database): Promise<{ leaders: CareMailsLeader[] }> {
  const leaders = await db
    .select({ id: profiles.id, username: profiles.username, careMails: profiles.careMails })
    .from(profiles)
    .where(eq(profiles.role, "leader"))
    .orderBy(asc(profiles.username), asc(profiles.id))
    .limit(CARE_MAILS_LIST_LIMIT);
  return { leaders };
}

/** Turns a leader's care-alert mails on or off, with an audit row; the row is locked so the two stay in step. */
export function setCareMails(
  db: Database,
  actorId: string,
  userId: string,
  on: boolean,
): Promise<CareMailsLeader> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: profiles.id, role: profiles.role, careMails: profiles.careMails })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for("update");
    if (!row) throw new AppError("not_found", 404, CARE_MAIL_MESSAGES.notFound);
    if (row.role !== "leader") throw new AppError("not_a_leader", 422, CARE_MAIL_MESSAGES.notLeader);
    const [saved] = await tx
      .update(profiles)
      .set({ careMails: on })
      .where(eq(profiles.id, row.id))
      .returning({ id: profiles.id, username: profiles.username, careMails: profiles.careMails });
    if (!saved) throw new AppError("not_found", 404, CARE_MAIL_MESSAGES.notFound);
    // Recorded only when it changes: a second click says nothing new.
    if (row.careMails !== on)
      await tx.insert(auditLog).values({
        actorId,
        action: on ? "care_mails_on" : "care_mails_off",
        targetType: "user",
        targetId: row.id,
        reason: on ? CARE_MAIL_MESSAGES.auditOn : CARE_MAIL_MESSAGES.auditOff,
      });
    return saved;
  });
}
