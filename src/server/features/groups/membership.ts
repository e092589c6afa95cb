import DataLoader from "dataloader";
import { and, eq, sql } from "drizzle-orm";
import { GROUP_MESSAGES, type GroupRole } from "../../../core/schemas/groups";
import type { Role } from "../../../core/schemas/moderation";
import { isRole } from "../../auth/roles";
import type { Database } from "../../db/client";
import { UUID } from "../../db/keyset";
import { groupMembers, profiles, studyGroups } from "../../db/schema";
import { AppError } from "../../http/errors";

/**
 * The groups and the askers' roles for a batch of (group, user) pairs, in one query built and planned once per
 * database (see requireMember). `asked` is a pair's place in the batch, counted from 1.
 */
const membersQuery = (db: Database) =>
  db
    .select({
      asked: sql<number>`asked.n`.mapWith(Number),
      group: studyGroups,
      role: groupMembers.role,
      appRole: profiles.role,
    })
    .from(
      sql`unnest(${sql.placeholder("groupIds")}::uuid[], ${sql.placeholder("userIds")}::text[]) with ordinality as asked(group_id, user_id, n)`,
    )
    .innerJoin(studyGroups, eq(studyGroups.id, sql`asked.group_id`))
    .leftJoin(
      groupMembers,
      and(eq(groupMembers.groupId, studyGroups.id), eq(groupMembers.userId, sql`asked.user_id`)),
    )
    .leftJoin(profiles, eq(profiles.id, groupMembers.userId))
    .prepare("require_members");

type MemberRow = Awaited<ReturnType<ReturnType<typeof membersQuery>["execute"]>>[number];
type MemberAsk = { groupId: string; userId: string };

/** Bigger batches are split, so that one query's arrays and answer stay small. */
const MAX_MEMBER_BATCH = 200;
const memberLoaders = new WeakMap<Database, DataLoader<MemberAsk, MemberRow | undefined>>();

/**
 * The membership checks that reach the server in one turn of the event loop go to the database together:
 * under load, many group requests arrive at once, and one round trip for all of them costs the database and
 * this process far less than one each. Nothing is remembered between batches (`cache: false`), so every
 * check reads the membership as it is a moment after its request arrived, never an earlier answer.
 */
function memberLoader(db: Database) {
  let loader = memberLoaders.get(db);
  if (!loader) {
    const query = membersQuery(db);
    loader = new DataLoader<MemberAsk, MemberRow | undefined>(
      async (asks) => {
        const rows = await query.execute({
          groupIds: asks.map((ask) => ask.groupId),
          userIds: asks.map((ask) => ask.userId),
        });
        const byPlace = new Map(rows.map((row) => [row.asked, row]));
        return asks.map((_, index) => byPlace.get(index + 1));
      },
      // After the poll phase, so that every request read from the sockets in this turn is in the batch.
      { cache: false, maxBatchSize: MAX_MEMBER_BATCH, batchScheduleFn: (run) => setImmediate(run) },
    );
    memberLoaders.set(db, loader);
  }
  return loader;
}

/**
 * Only members read or write a group (DESIGN.md); the refusal says so without showing anything of it. Also
 * reads the member's app-wide role in the same query, for the rules that depend on both (pinning, settings,
 * who sees media waiting for approval), and the group's feed version, which says whether a cached feed page
 * is still the group's. Every group route asks this first, so the checks are batched (see memberLoader).
 */
export async function requireMember(db: Database, groupId: string, userId: string) {
  if (!UUID.test(groupId)) throw new AppError("group_not_found", 404, GROUP_MESSAGES.groupNotFound);
  const row = await memberLoader(db).load({ groupId, userId });
  if (!row) throw new AppError("group_not_found", 404, GROUP_MESSAGES.groupNotFound);
  if (!row.role) throw new AppError("members_only", 403, GROUP_MESSAGES.membersOnly);
  // A profile not made yet is an ordinary member, as getRole reads it.
  const appRole: Role = isRole(row.appRole) ? row.appRole : "member";
  return { group: row.group, role: row.role as GroupRole, appRole };
}
