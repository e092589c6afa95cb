import { eq } from "drizzle-orm";
import { groupTopic, userTopic } from "../../../core/realtime";
import type { Database } from "../../db/client";
import { groupMembers } from "../../db/schema";

/**
 * The topics a user's stream may carry: their own, and those of the groups they belong to right now, unless a
 * parent switched 'Study groups and chat' off (issue 24).
 */
export async function topicsOfUser(
  db: Database,
  userId: string,
  { groups = true }: { groups?: boolean } = {},
): Promise<Set<string>> {
  if (!groups) return new Set([userTopic(userId)]);
  const rows = await db
    .select({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(eq(groupMembers.userId, userId));
  return new Set([userTopic(userId), ...rows.map((row) => groupTopic(row.groupId))]);
}
