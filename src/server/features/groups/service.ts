import { randomInt } from "node:crypto";
import { and, asc, desc, eq, ilike, ne, sql } from "drizzle-orm";
import { GROUP_MESSAGES, type GroupRole, INVITE_CODE_LENGTH } from "../../../core/schemas/groups";
import { MENTION_SUGGESTIONS } from "../../../core/schemas/notifications";
import type { Database } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { cursorTime, decodeTimeCursor, encodeTimeCursor, escapeLike } from "../../db/keyset";
import { auditLog, groupMembers, profiles, studyGroups } from "../../db/schema";
import { AppError } from "../../http/errors";

const INVITE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const PAGE_SIZE = 50;

/** Spec §9: 6 uppercase characters from base 36, from a cryptographic source so codes cannot be guessed ahead. */
export function newInviteCode(): string {
  return Array.from(
    { length: INVITE_CODE_LENGTH },
    () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)],
  ).join("");
}

const memberCount = sql<number>`(select count(*)::int from ${groupMembers} where ${groupMembers.groupId} = ${studyGroups.id})`;

export type GroupSummary = {
  id: string;
  name: string;
  memberCount: number;
  createdAt: string;
  /** Only for members: the code is how a group admits people. */
  inviteCode: string | null;
  role: GroupRole | null;
};

/** The reader's groups, newest joined first, with member counts in the same query. */
export async function listMyGroups(db: Database, userId: string): Promise<GroupSummary[]> {
  const rows = await db
    .select({ group: studyGroups, role: groupMembers.role, memberCount })
    .from(groupMembers)
    .innerJoin(studyGroups, eq(studyGroups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(desc(groupMembers.joinedAt));
  return rows.map(({ group, role, memberCount: count }) => ({
    id: group.id,
    name: group.name,
    memberCount: count,
    createdAt: group.createdAt.toISOString(),
    inviteCode: group.inviteCode,
    role: role as GroupRole,
  }));
}

/**
 * 'All Groups': every group's name and member count, newest first, a page at a time (keyset, no offset
 * scans). Never a group's content, and its invite code only to its members.
 */
export async function listAllGroups(db: Database, userId: string, cursor?: string) {
  const after = cursor ? decodeTimeCursor(cursor) : null;
  const rows = await db
    .select({
      group: studyGroups,
      role: groupMembers.role,
      memberCount,
      time: cursorTime(studyGroups.createdAt),
    })
    .from(studyGroups)
    .leftJoin(groupMembers, and(eq(groupMembers.groupId, studyGroups.id), eq(groupMembers.userId, userId)))
    .where(
      after
        ? sql`(${studyGroups.createdAt}, ${studyGroups.id}) < (${after.time}::timestamptz, ${after.id}::uuid)`
        : undefined,
    )
    .orderBy(desc(studyGroups.createdAt), desc(studyGroups.id))
    .limit(PAGE_SIZE + 1);
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  return {
    groups: page.map(
      ({ group, role, memberCount: count }): GroupSummary => ({
        id: group.id,
        name: group.name,
        memberCount: count,
        createdAt: group.createdAt.toISOString(),
        inviteCode: role ? group.inviteCode : null,
        role: (role as GroupRole | null) ?? null,
      }),
    ),
    nextCursor: rows.length > PAGE_SIZE && last ? encodeTimeCursor(last.time, last.group.id) : null,
  };
}

/** How many groups the user belongs to, created or joined (Group Leader). */
export async function countMemberships(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(groupMembers)
    .where(eq(groupMembers.userId, userId));
  return row?.count ?? 0;
}

/** Tries with a new code this many times; 36^6 codes make even one clash rare while groups are few. */
const INVITE_CODE_TRIES = 8;

/**
 * Runs `write` with a fresh invite code until the unique index on the code takes it: a clash (a code already
 * in use, also one taken by a parallel write a moment ago) is retried with another. `nextCode` is for tests.
 */
async function withFreshInviteCode<T>(
  write: (code: string) => Promise<T>,
  nextCode: () => string = newInviteCode,
): Promise<T> {
  for (let attempt = 0; attempt < INVITE_CODE_TRIES; attempt++) {
    try {
      return await write(nextCode());
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error("could not find a free invite code");
}

/** Creates a group with its creator as owner; a clash of invite codes is retried with a new one. */
export async function createGroup(db: Database, userId: string, name: string, nextCode?: () => string) {
  return withFreshInviteCode(
    (inviteCode) =>
      db.transaction(async (tx) => {
        const [group] = await tx
          .insert(studyGroups)
          .values({ name, ownerId: userId, inviteCode })
          .returning();
        if (!group) throw new Error("group insert returned nothing");
        await tx.insert(groupMembers).values({ groupId: group.id, userId, role: "owner" });
        return group;
      }),
    nextCode,
  );
}

/**
 * Gives the group a new invite code: the old one stops working at once (a code that leaked, or one guessed
 * by strangers), members stay members. Recorded in the audit log with the change, in one transaction. A clash
 * of codes is retried with a new one; the caller has checked who may.
 */
export async function renewInviteCode(
  db: Database,
  actorId: string,
  groupId: string,
  nextCode?: () => string,
): Promise<{ inviteCode: string }> {
  return withFreshInviteCode(
    (inviteCode) =>
      db.transaction(async (tx) => {
        const [group] = await tx
          .update(studyGroups)
          .set({ inviteCode })
          .where(eq(studyGroups.id, groupId))
          .returning({ id: studyGroups.id });
        if (!group) throw new AppError("group_not_found", 404, GROUP_MESSAGES.groupNotFound);
        // The codes themselves stay out of the log: an old one opens nothing, and a new one is for members.
        await tx.insert(auditLog).values({
          actorId,
          action: "new_invite_code",
          targetType: "group",
          targetId: groupId,
          reason: "New invite code",
          details: {},
        });
        return { inviteCode };
      }),
    nextCode,
  );
}

/**
 * Joins by code; a second join, even a concurrent one, is refused by the primary key. The route has counted
 * the try (the `inviteJoin` limit) before this looks the code up.
 */
export async function joinGroup(db: Database, userId: string, code: string) {
  const [group] = await db.select().from(studyGroups).where(eq(studyGroups.inviteCode, code));
  if (!group) throw new AppError("invalid_invite_code", 404, GROUP_MESSAGES.invalidCode);
  try {
    await db.insert(groupMembers).values({ groupId: group.id, userId });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("already_member", 409, GROUP_MESSAGES.alreadyMember);
    throw error;
  }
  return group;
}

/**
 * Leaves a group. An owner hands the group to its longest-standing other member, so a group always has
 * someone to lead it; an owner on their own stays, or the group's posts would belong to nobody.
 */
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Leaving, inside the caller's transaction: deleting an account leaves every owned group in the same
 * transaction as the account itself, so a failure hands nothing on. An owner on their own is refused, or
 * with "delete" takes the group along, as nobody is left to read it.
 */
export async function leaveGroupWithin(
  tx: Transaction,
  groupId: string,
  userId: string,
  whenOwnerAlone: "refuse" | "delete",
): Promise<"left" | "deleted"> {
  // The group row is locked, so an owner and their successor leaving at once take turns: the second one
  // reads the roles the first one left.
  await tx.select({ id: studyGroups.id }).from(studyGroups).where(eq(studyGroups.id, groupId)).for("update");
  const [membership] = await tx
    .select({ role: groupMembers.role })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  if (!membership) throw new AppError("members_only", 403, GROUP_MESSAGES.membersOnly);
  if (membership.role === "owner") {
    const [successor] = await tx
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), ne(groupMembers.userId, userId)))
      .orderBy(asc(groupMembers.joinedAt), asc(groupMembers.userId))
      .limit(1);
    if (!successor) {
      if (whenOwnerAlone === "refuse") throw new AppError("owner_alone", 409, GROUP_MESSAGES.ownerAlone);
      await tx.delete(studyGroups).where(eq(studyGroups.id, groupId));
      return "deleted";
    }
    await tx
      .update(groupMembers)
      .set({ role: "owner" })
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, successor.userId)));
    await tx.update(studyGroups).set({ ownerId: successor.userId }).where(eq(studyGroups.id, groupId));
  }
  await tx
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return "left";
}

/**
 * Turns the group's "approve media first" on or off; only a change is recorded in the audit log (who, which
 * group, which way), in the same transaction, so there is never a change without its record. Posts already
 * waiting keep waiting for a leader: the setting decides only how new media starts.
 */
export async function setApproveMediaFirst(
  db: Database,
  actorId: string,
  groupId: string,
  approveMediaFirst: boolean,
): Promise<{ approveMediaFirst: boolean }> {
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(studyGroups)
      .set({ approveMediaFirst })
      .where(and(eq(studyGroups.id, groupId), ne(studyGroups.approveMediaFirst, approveMediaFirst)))
      .returning({ id: studyGroups.id });
    if (changed.length === 0) return;
    await tx.insert(auditLog).values({
      actorId,
      action: "group_settings",
      targetType: "group",
      targetId: groupId,
      reason: `approveMediaFirst ${approveMediaFirst ? "on" : "off"}`,
      details: { approveMediaFirst },
    });
  });
  return { approveMediaFirst };
}

/** @mention suggestions: up to 5 other members whose username contains `q`, in any case, by name. */
export async function searchMembers(db: Database, groupId: string, readerId: string, q: string) {
  return db
    .select({ id: profiles.id, username: profiles.username, avatarUrl: profiles.avatarUrl })
    .from(groupMembers)
    .innerJoin(profiles, eq(profiles.id, groupMembers.userId))
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        ne(groupMembers.userId, readerId),
        ilike(profiles.username, `%${escapeLike(q)}%`),
      ),
    )
    .orderBy(asc(sql`lower(${profiles.username})`), asc(profiles.username))
    .limit(MENTION_SUGGESTIONS);
}
