import { and, asc, desc, eq, inArray, isNull, max, sql } from "drizzle-orm";
import { ACHIEVEMENTS } from "../../../core/achievements";
import { ageBand, isAdult, isUnder13 } from "../../../core/ages";
import {
  DEFAULT_FAMILY_PERMISSIONS,
  FAMILY_MESSAGES,
  type FamilyLinkKind,
  type FamilyPermissions,
  isChildPlaceholderEmail,
  MAX_PARENTS_PER_CHILD,
  maskEmail,
} from "../../../core/family";
import {
  type FamilyChild,
  type FamilyLinkPreview,
  familyPermissionsSchema,
  type LinkedParents,
  type WaitingStatus,
} from "../../../core/schemas/family";
import {
  familyLinks,
  groupMembers,
  parentChildren,
  profiles,
  readingDays,
  storyProgress,
  studyGroups,
  userAchievements,
  users,
} from "../../db/schema";
import type { AppDeps } from "../../http/app-env";
import { AppError } from "../../http/errors";
import { findFamilyLink, issueFamilyLink, redeemFamilyLink } from "./links";
import { parentConsentMail } from "./mails";

// Families (issue 24): a child's consent, the links between parents and children, and what a parent sees and
// decides. Every function about a child takes the parent's id and finds the child only through their link, so
// a parent can reach their own children and nobody else's.

type Deps = Pick<AppDeps, "db" | "mailer" | "logger" | "config">;

const linkProblem = () => new AppError("family_link_invalid", 410, FAMILY_MESSAGES.linkProblem);
const childNotFound = () => new AppError("child_not_found", 404, FAMILY_MESSAGES.childNotFound);

/**
 * Makes a consent or invitation link and mails it to the parent's address, in the background like every mail
 * of sign-up (a slow mail server never holds up the child's screen). Older unused links of the same kind about
 * the child to the same address stop working: only the newest mail in an inbox opens anything.
 */
export async function sendFamilyLinkMail(
  deps: Deps,
  input: {
    child: { id: string; username: string };
    parentEmail: string;
    kind: FamilyLinkKind;
    invitedBy?: { id: string; name: string };
  },
) {
  const { db, mailer, logger, config } = deps;
  const now = new Date();
  const token = await db.transaction(async (tx) => {
    // One link at a time per child: two mails sent at once cannot each end only the links before both.
    await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, input.child.id)).for("update");
    await tx
      .update(familyLinks)
      .set({ expiresAt: now })
      .where(
        and(
          eq(familyLinks.childUserId, input.child.id),
          eq(familyLinks.kind, input.kind),
          eq(familyLinks.parentEmail, input.parentEmail),
          isNull(familyLinks.usedAt),
          sql`${familyLinks.expiresAt} > ${now}`,
        ),
      );
    const issued = await issueFamilyLink(
      tx,
      {
        childUserId: input.child.id,
        parentEmail: input.parentEmail,
        kind: input.kind,
        invitedBy: input.invitedBy?.id ?? null,
      },
      now,
    );
    return issued.token;
  });
  // The token rides in the fragment, which browsers never send to a server or a referrer.
  const link = `${config.appUrl}/family/consent#token=${token}`;
  parentConsentMail({
    to: input.parentEmail,
    childUsername: input.child.username,
    link,
    kind: input.kind,
    invitedBy: input.invitedBy?.name,
    fromTeen: input.invitedBy?.id === input.child.id,
  })
    .then((mail) => mailer.send(mail))
    .catch((err: unknown) => logger.error({ err }, "family mail could not be sent"));
}

/** The newest consent link about a waiting child: where 'Send again' sends, and what the waiting screen masks. */
async function latestConsentAddress(db: AppDeps["db"], childId: string): Promise<string | null> {
  const [link] = await db
    .select({ parentEmail: familyLinks.parentEmail })
    .from(familyLinks)
    .where(and(eq(familyLinks.childUserId, childId), eq(familyLinks.kind, "consent")))
    .orderBy(desc(familyLinks.createdAt))
    .limit(1);
  return link?.parentEmail ?? null;
}

/** The waiting screen: the parent's address, masked. */
export async function waitingStatus(db: AppDeps["db"], childId: string): Promise<WaitingStatus> {
  const address = await latestConsentAddress(db, childId);
  return { maskedEmail: address ? maskEmail(address) : "•••" };
}

/** 'Send again': a new link to the same address, at most 3 an hour per child (and a few per address). */
export async function sendConsentAgain(deps: AppDeps, child: { id: string }) {
  const address = await latestConsentAddress(deps.db, child.id);
  const [profile] = await deps.db
    .select({ username: profiles.username, accountState: profiles.accountState })
    .from(profiles)
    .where(eq(profiles.id, child.id));
  // Only a waiting child has anyone to ask; an open account has nothing to send.
  if (!address || !profile?.username || profile.accountState !== "waiting_for_parent")
    throw new AppError("not_waiting", 409, FAMILY_MESSAGES.linkProblem);
  await deps.rateLimiter.attempt("familyMailsPerChild", child.id);
  await deps.rateLimiter.attempt("familyMailsPerAddress", address);
  await sendFamilyLinkMail(deps, {
    child: { id: child.id, username: profile.username },
    parentEmail: address,
    kind: "consent",
  });
}

/** What the consent page shows before the parent agrees; a used, expired or forged token gets the link problem. */
export async function previewFamilyLink(db: AppDeps["db"], token: string): Promise<FamilyLinkPreview> {
  const link = await findFamilyLink(db, token);
  if (!link) throw linkProblem();
  const [child] = await db
    .select({ username: profiles.username, birthYear: profiles.birthYear })
    .from(profiles)
    .where(eq(profiles.id, link.childUserId));
  if (!child?.username) throw linkProblem();
  return {
    kind: link.kind,
    child: { username: child.username },
    // The first parent sets the switches; a second one (an invitation) changes them later on 'Your family'.
    withSwitches: link.kind === "consent" && isUnder13(child.birthYear),
    maskedEmail: maskEmail(link.parentEmail),
  };
}

/**
 * 'I agree': the signed-in grown-up becomes a parent of the link's child. In one transaction: the link is used
 * up (of any number of presses at once exactly one gets it), the child's row is locked so that two parents
 * agreeing at once cannot pass the limit of 2 together, the link is made, and a waiting child's account opens
 * with the parent's switches (a child under 13 only: a teen's parent sees, and does not switch).
 */
export async function agreeToFamilyLink(
  deps: Pick<AppDeps, "db" | "sessions">,
  parentId: string,
  input: { token: string; permissions?: FamilyPermissions },
) {
  const { db } = deps;
  const [parent] = await db
    .select({ birthYear: profiles.birthYear })
    .from(profiles)
    .where(eq(profiles.id, parentId));
  if (!isAdult(parent?.birthYear)) throw new AppError("grown_ups_only", 403, FAMILY_MESSAGES.grownUpsOnly);
  const child = await db.transaction(async (tx) => {
    const link = await redeemFamilyLink(tx, input.token);
    if (!link) throw linkProblem();
    const [row] = await tx
      .select({
        id: profiles.id,
        username: profiles.username,
        birthYear: profiles.birthYear,
        accountState: profiles.accountState,
      })
      .from(profiles)
      .where(eq(profiles.id, link.childUserId))
      .for("update");
    if (!row) throw linkProblem();
    if (row.id === parentId) throw new AppError("grown_ups_only", 403, FAMILY_MESSAGES.grownUpsOnly);
    const linked = await tx
      .select({ parentId: parentChildren.parentUserId })
      .from(parentChildren)
      .where(eq(parentChildren.childUserId, row.id));
    if (linked.some((entry) => entry.parentId === parentId))
      throw new AppError("already_linked", 409, FAMILY_MESSAGES.alreadyLinked);
    if (linked.length >= MAX_PARENTS_PER_CHILD)
      throw new AppError("too_many_parents", 409, FAMILY_MESSAGES.tooManyParents);
    await tx.insert(parentChildren).values({ parentUserId: parentId, childUserId: row.id });
    if (row.accountState === "waiting_for_parent") {
      await tx
        .update(profiles)
        .set({
          accountState: "active",
          familyPermissions: isUnder13(row.birthYear)
            ? (input.permissions ?? DEFAULT_FAMILY_PERMISSIONS)
            : null,
        })
        .where(eq(profiles.id, row.id));
      // Any other consent link about the child (an older mail) has nothing left to agree to.
      await tx
        .update(familyLinks)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(familyLinks.childUserId, row.id),
            eq(familyLinks.kind, "consent"),
            isNull(familyLinks.usedAt),
          ),
        );
    }
    return { id: row.id, username: row.username ?? "" };
  });
  // The child's next request reads the open account (and the switches) at once on this instance.
  deps.sessions.forgetUser(child.id);
  return child;
}

/**
 * 'No, delete this account': the link is used up, and a child still waiting is deleted with everything they
 * made. Returns the child's id for the caller's deletion (one transaction plus the files, as account deletion
 * always does); null never: a link about an open account is a link problem.
 */
export async function redeemDeclineLink(db: AppDeps["db"], token: string): Promise<string> {
  return db.transaction(async (tx) => {
    const link = await redeemFamilyLink(tx, token);
    if (link?.kind !== "consent") throw linkProblem();
    const [row] = await tx
      .select({ accountState: profiles.accountState })
      .from(profiles)
      .where(eq(profiles.id, link.childUserId))
      .for("update");
    if (row?.accountState !== "waiting_for_parent") throw linkProblem();
    return link.childUserId;
  });
}

/** The child, when `parentId` is linked to them; the same 404 as for a child who does not exist otherwise. */
export async function requireOwnChild(db: AppDeps["db"], parentId: string, childId: string) {
  const [row] = await db
    .select({
      id: profiles.id,
      username: profiles.username,
      birthYear: profiles.birthYear,
      permissions: profiles.familyPermissions,
    })
    .from(parentChildren)
    .innerJoin(profiles, eq(profiles.id, parentChildren.childUserId))
    .where(and(eq(parentChildren.parentUserId, parentId), eq(parentChildren.childUserId, childId)));
  if (!row) throw childNotFound();
  return row;
}

/** The switches of a child under 13; a teen's parent has none to set. */
export async function setFamilyPermissions(
  deps: Pick<AppDeps, "db" | "sessions">,
  parentId: string,
  childId: string,
  permissions: FamilyPermissions,
): Promise<FamilyPermissions> {
  const child = await requireOwnChild(deps.db, parentId, childId);
  if (!isUnder13(child.birthYear)) throw new AppError("no_switches", 403, FAMILY_MESSAGES.teenNoSwitches);
  await deps.db.update(profiles).set({ familyPermissions: permissions }).where(eq(profiles.id, childId));
  // From the child's next request on this instance; others within the session cache's few seconds.
  deps.sessions.forgetUser(childId);
  return permissions;
}

/** 'Your family': one card per linked child, in a fixed number of queries however many children. */
export async function listFamily(db: AppDeps["db"], parentId: string): Promise<FamilyChild[]> {
  const children = await db
    .select({
      id: profiles.id,
      username: profiles.username,
      avatarUrl: profiles.avatarUrl,
      birthYear: profiles.birthYear,
      level: profiles.level,
      xp: profiles.xp,
      permissions: profiles.familyPermissions,
    })
    .from(parentChildren)
    .innerJoin(profiles, eq(profiles.id, parentChildren.childUserId))
    .where(eq(parentChildren.parentUserId, parentId))
    .orderBy(asc(parentChildren.createdAt));
  if (children.length === 0) return [];
  const ids = children.map((child) => child.id);
  const [progress, achievements, groups, days, parents] = await Promise.all([
    db
      .select({
        userId: storyProgress.userId,
        // A finished story counts its 3 layers; one under way, the layers before the one being read.
        layersRead: sql<number>`coalesce(sum(case when ${storyProgress.completed} then 3 else ${storyProgress.highestLayerReached} - 1 end), 0)::int`,
        storiesCompleted: sql<number>`count(*) filter (where ${storyProgress.completed})::int`,
      })
      .from(storyProgress)
      .where(inArray(storyProgress.userId, ids))
      .groupBy(storyProgress.userId),
    db
      .select({ userId: userAchievements.userId, achievement: userAchievements.achievement })
      .from(userAchievements)
      .where(inArray(userAchievements.userId, ids))
      .orderBy(asc(userAchievements.earnedAt)),
    db
      .select({ userId: groupMembers.userId, name: studyGroups.name })
      .from(groupMembers)
      .innerJoin(studyGroups, eq(studyGroups.id, groupMembers.groupId))
      .where(inArray(groupMembers.userId, ids))
      .orderBy(asc(studyGroups.name)),
    db
      .select({ userId: readingDays.userId, day: max(readingDays.day) })
      .from(readingDays)
      .where(inArray(readingDays.userId, ids))
      .groupBy(readingDays.userId),
    db
      .select({ childId: parentChildren.childUserId, email: users.email })
      .from(parentChildren)
      .innerJoin(users, eq(users.id, parentChildren.parentUserId))
      .where(inArray(parentChildren.childUserId, ids))
      .orderBy(asc(parentChildren.createdAt)),
  ]);
  return children.map((child) => {
    const reading = progress.find((row) => row.userId === child.id);
    const permissions = familyPermissionsSchema.safeParse(child.permissions);
    return {
      id: child.id,
      username: child.username ?? "",
      avatarUrl: child.avatarUrl,
      ageBand: ageBand(child.birthYear),
      level: child.level,
      xp: child.xp,
      layersRead: reading?.layersRead ?? 0,
      storiesCompleted: reading?.storiesCompleted ?? 0,
      achievements: achievements
        .filter((row) => row.userId === child.id)
        .map((row) => ({
          id: row.achievement,
          name: ACHIEVEMENTS.find((known) => known.id === row.achievement)?.name ?? row.achievement,
        })),
      groups: groups.filter((row) => row.userId === child.id).map((row) => row.name),
      lastActiveDay: days.find((row) => row.userId === child.id)?.day ?? null,
      permissions: isUnder13(child.birthYear)
        ? permissions.success
          ? permissions.data
          : DEFAULT_FAMILY_PERMISSIONS
        : null,
      parents: parents.filter((row) => row.childId === child.id).map((row) => row.email),
    };
  });
}

/** How many parents a child has: an invitation for a third is refused before any mail goes. */
async function parentCount(db: AppDeps["db"], childId: string) {
  const rows = await db
    .select({ parentId: parentChildren.parentUserId })
    .from(parentChildren)
    .where(eq(parentChildren.childUserId, childId));
  return rows.length;
}

/**
 * An invitation for a second parent or guardian (from a parent) or a first one (from a teen): the same link as
 * a consent, marked as an invitation. Counted per child and per address.
 */
export async function inviteParent(
  deps: AppDeps,
  input: { child: { id: string; username: string }; email: string; invitedBy: { id: string; name: string } },
) {
  if ((await parentCount(deps.db, input.child.id)) >= MAX_PARENTS_PER_CHILD)
    throw new AppError("too_many_parents", 409, FAMILY_MESSAGES.tooManyParents);
  await deps.rateLimiter.attempt("familyMailsPerChild", input.child.id);
  await deps.rateLimiter.attempt("familyMailsPerAddress", input.email);
  await sendFamilyLinkMail(deps, {
    child: input.child,
    parentEmail: input.email,
    kind: "invitation",
    invitedBy: input.invitedBy,
  });
}

/** A teen's 'Add a parent': who is linked, and the addresses invited whose link still works. */
export async function linkedParents(db: AppDeps["db"], childId: string): Promise<LinkedParents> {
  const [parents, invited] = await Promise.all([
    db
      .select({ email: users.email })
      .from(parentChildren)
      .innerJoin(users, eq(users.id, parentChildren.parentUserId))
      .where(eq(parentChildren.childUserId, childId))
      .orderBy(asc(parentChildren.createdAt)),
    db
      .selectDistinct({ email: familyLinks.parentEmail })
      .from(familyLinks)
      .where(
        and(
          eq(familyLinks.childUserId, childId),
          isNull(familyLinks.usedAt),
          sql`${familyLinks.expiresAt} > now()`,
        ),
      ),
  ]);
  return {
    parents: parents.map((row) => row.email).filter((email) => !isChildPlaceholderEmail(email)),
    invited: invited.map((row) => maskEmail(row.email)),
  };
}

/** Whether an account is linked to any child as a parent (the session's `hasChildren`). */
export async function hasChildren(db: AppDeps["db"], parentId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(parentChildren)
    .where(eq(parentChildren.parentUserId, parentId))
    .limit(1);
  return Boolean(row);
}

/** A reader of 13 to 17, who may add a parent from the profile (a child under 13 has theirs from sign-up). */
export async function requireTeen(db: AppDeps["db"], userId: string) {
  const [row] = await db
    .select({ username: profiles.username, birthYear: profiles.birthYear })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (ageBand(row?.birthYear) !== "13-17") throw new AppError("teens_only", 403, FAMILY_MESSAGES.teensOnly);
  return { id: userId, username: row?.username ?? "" };
}
