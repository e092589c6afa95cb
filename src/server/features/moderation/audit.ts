import { desc, eq, sql } from "drizzle-orm";
import type { AuditEntry } from "../../../core/schemas/moderation";
import type { Database } from "../../db/client";
import { cursorTime, isCursorTime } from "../../db/keyset";
import { auditLog, profiles } from "../../db/schema";
import { MESSAGE_ID } from "./reported-item";

export const AUDIT_PAGE_SIZE = 50;

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
