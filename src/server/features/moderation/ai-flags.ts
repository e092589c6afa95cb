import { and, asc, eq, sql } from "drizzle-orm";
import {
  type AiFlag,
  type AiFlagAction,
  type AiFlagKind,
  REPORT_MESSAGES,
} from "../../../core/schemas/moderation";
import type { Database } from "../../db/client";
import { cursorTime, isCursorTime, UUID } from "../../db/keyset";
import { aiFlags, auditLog, profiles, stories } from "../../db/schema";
import { AppError } from "../../http/errors";

// What the AI guardrails raised for leaders (issue 6): risky questions and withheld AI outputs, and the
// leader's "handled" or "dismiss" on each.

export const FLAGS_PAGE_SIZE = 25;

// Not in the contract's messages: rare, and only needs to be clear.
export const FLAG_ALREADY_HANDLED_MESSAGE = "A leader has already handled this.";

const flagNotFound = () => new AppError("flag_not_found", 404, REPORT_MESSAGES.notFound);

const PRIORITIES = ["high", "normal"] as const;
type Priority = (typeof PRIORITIES)[number];

// The queue's order is the index's: priority ("high" sorts before "normal"), then oldest first, then id.
type FlagCursor = { priority: Priority; time: string; id: string };

function encodeFlagCursor(cursor: FlagCursor): string {
  return Buffer.from(`${cursor.priority}|${cursor.time}|${cursor.id}`).toString("base64url");
}

/** The position of a page's last flag, or null for anything that is not one of ours (the first page). */
function decodeFlagCursor(cursor: string): FlagCursor | null {
  const [priority, time, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const known = PRIORITIES.find((value) => value === priority);
  return known && isCursorTime(time) && id && UUID.test(id) ? { priority: known, time, id } : null;
}

/**
 * Open flags, high priority first, then oldest first, a page at a time: keyset on (priority, created_at, id)
 * under status = 'open', the order ai_flags_status_priority_idx holds, so a page reads only open rows. Each
 * comes with the child's username and the story it was about, in the same query.
 */
export async function listAiFlags(db: Database, cursor?: string) {
  const after = cursor ? decodeFlagCursor(cursor) : null;
  const rows = await db
    .select({
      flag: aiFlags,
      time: cursorTime(aiFlags.createdAt),
      username: profiles.username,
      storySlug: stories.slug,
      storyTitle: stories.title,
    })
    .from(aiFlags)
    .leftJoin(profiles, eq(profiles.id, aiFlags.userId))
    .leftJoin(stories, eq(stories.id, aiFlags.storyId))
    .where(
      and(
        eq(aiFlags.status, "open"),
        after
          ? sql`(${aiFlags.priority}, ${aiFlags.createdAt}, ${aiFlags.id}) > (${after.priority}, ${after.time}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(aiFlags.priority), asc(aiFlags.createdAt), asc(aiFlags.id))
    .limit(FLAGS_PAGE_SIZE + 1);
  const page = rows.slice(0, FLAGS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    flags: page.map(
      ({ flag, username, storySlug, storyTitle }): AiFlag => ({
        id: flag.id,
        kind: flag.kind as AiFlagKind,
        priority: flag.priority as Priority,
        createdAt: flag.createdAt.toISOString(),
        user: { id: flag.userId, username: username ?? null },
        story: storySlug && storyTitle ? { slug: storySlug, title: storyTitle } : null,
        conversationId: flag.conversationId,
        input: flag.input,
        output: flag.output,
      }),
    ),
    nextCursor:
      rows.length > FLAGS_PAGE_SIZE && last
        ? encodeFlagCursor({ priority: last.flag.priority as Priority, time: last.time, id: last.flag.id })
        : null,
  };
}

/**
 * A leader's decision on a flag, under a lock on its row: of two leaders acting at once, the second finds it
 * closed (409). The flag and exactly one audit row are written in one transaction.
 */
export async function actOnAiFlag(
  db: Database,
  actorId: string,
  flagId: string,
  input: { action: AiFlagAction; reason: string },
): Promise<{ flag: { id: string; status: "reviewed" | "dismissed" } }> {
  if (!UUID.test(flagId)) throw flagNotFound();
  const status = input.action === "dismiss" ? "dismissed" : "reviewed";
  return db.transaction(async (tx) => {
    const [flag] = await tx.select().from(aiFlags).where(eq(aiFlags.id, flagId)).for("update");
    if (!flag) throw flagNotFound();
    if (flag.status !== "open") throw new AppError("flag_closed", 409, FLAG_ALREADY_HANDLED_MESSAGE);
    await tx
      .update(aiFlags)
      .set({ status, resolvedBy: actorId, resolvedAt: sql`now()` })
      .where(eq(aiFlags.id, flag.id));
    await tx.insert(auditLog).values({
      actorId,
      action: status === "dismissed" ? "flag_dismissed" : "flag_reviewed",
      targetType: "ai_flag",
      targetId: flag.id,
      reason: input.reason,
      details: { kind: flag.kind, priority: flag.priority, userId: flag.userId },
    });
    return { flag: { id: flag.id, status } };
  });
}
