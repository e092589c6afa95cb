import { and, count, eq, isNotNull, or, sql } from "drizzle-orm";
import type { AccountState } from "../../../core/family";
import { MESSAGES } from "../../../core/messages";
import { isPrivileged } from "../../../core/roles";
import type { Role } from "../../../core/schemas/moderation";
import type { AvatarChange, Profile, ProfileUpdate } from "../../../core/schemas/profile";
import { type ReadingSettings, readStoredReadingSettings } from "../../../core/schemas/reading-settings";
import { canonicalUsername, isReservedUsername, USERNAME_MESSAGES } from "../../../core/usernames";
import type { Database } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { profiles, storyProgress, studyGroups } from "../../db/schema";
import { AppError } from "../../http/errors";

type ProfileRow = typeof profiles.$inferSelect;

/**
 * The picture its owner sees, and whether it still waits for a leader. Here rather than in avatar.ts, which
 * checks group membership: the sign-in path (auth/roles.ts) reads profiles and must not depend on groups.
 */
export function ownAvatar(row: Pick<ProfileRow, "avatarUrl" | "pendingAvatarUrl">): AvatarChange {
  return { avatarUrl: row.pendingAvatarUrl ?? row.avatarUrl, avatarPending: row.pendingAvatarUrl !== null };
}

/** Spec §4: a missing profile takes the part of the email before the @ (or 'user') as its username. */
export function usernameFromEmail(email: string): string {
  const local = email.split("@")[0] ?? "";
  const cleaned = local.replace(/\W/g, "").slice(0, 20);
  return cleaned || "user";
}

/**
 * Creates the profile for a user unless it exists. When the wished-for username is taken by someone else,
 * a short number is added, so that first load never fails on a clash.
 */
export async function ensureProfile(
  db: Database,
  userId: string,
  wishedUsername: string,
): Promise<ProfileRow> {
  const existing = await db.query.profiles.findFirst({ where: eq(profiles.id, userId) });
  if (existing) return existing;
  // An email like admin@… must not hand out a reserved name by the back door.
  const wished = isReservedUsername(wishedUsername) ? "reader" : wishedUsername;
  for (let attempt = 0; attempt < 10; attempt++) {
    const suffix = attempt === 0 ? "" : String(Math.floor(1000 + Math.random() * 9000));
    const username = wished.slice(0, 20 - suffix.length) + suffix;
    try {
      const [row] = await db
        .insert(profiles)
        .values({ id: userId, username, usernameCanonical: canonicalUsername(username) })
        .onConflictDoNothing({ target: profiles.id })
        .returning();
      if (row) return row;
      // Created concurrently by another request: read it back.
      const raced = await db.query.profiles.findFirst({ where: eq(profiles.id, userId) });
      if (raced) return raced;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error("could not choose a free username");
}

/** Why someone else's name stands in the way: the same name in any case, or one a reader could mistake for it. */
export type UsernameClash = "taken" | "too_close";

export async function findUsernameClash(
  db: Database,
  username: string,
  exceptUserId?: string,
): Promise<UsernameClash | null> {
  const rows = await db
    .select({ id: profiles.id, username: profiles.username })
    .from(profiles)
    .where(
      or(
        sql`lower(${profiles.username}) = lower(${username})`,
        eq(profiles.usernameCanonical, canonicalUsername(username)),
      ),
    )
    .limit(3);
  const others = rows.filter((row) => row.id !== exceptUserId);
  if (others.some((row) => row.username?.toLowerCase() === username.toLowerCase())) return "taken";
  return others.length > 0 ? "too_close" : null;
}

/** The refusal for a clash: usernames are public, so saying which kind reveals nothing. */
export function usernameClashError(clash: UsernameClash): AppError {
  return clash === "taken"
    ? new AppError("username_taken", 409, MESSAGES.usernameTaken)
    : new AppError("username_too_close", 409, USERNAME_MESSAGES.tooClose);
}

/** Refuses a username someone else has, or one too like theirs. */
export async function assertUsernameFree(db: Database, username: string, exceptUserId?: string) {
  const clash = await findUsernameClash(db, username, exceptUserId);
  if (clash) throw usernameClashError(clash);
}

/**
 * The profile of an account sign-up has just made, with exactly the chosen username: never a changed one, as
 * ensureProfile would. The unique indexes on the name and its canonical form decide a race between two
 * sign-ups: the loser gets its clash back (and the caller undoes its account). Null when the profile is made.
 */
export async function createSignUpProfile(
  db: Database,
  userId: string,
  username: string,
  extras: { birthYear: number | null; accountState: AccountState; role: Role } = {
    birthYear: null,
    accountState: "active",
    role: "member",
  },
): Promise<UsernameClash | null> {
  try {
    await db
      .insert(profiles)
      .values({ id: userId, username, usernameCanonical: canonicalUsername(username), ...extras });
    return null;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return (await findUsernameClash(db, username, userId)) ?? "taken";
  }
}

export async function toProfile(db: Database, row: ProfileRow): Promise<Profile> {
  const [completed] = await db
    .select({
      value: count(),
      // A group's owner gets report mails too, and so the toggle (issue 25), whatever their role.
      ownsAGroup: sql<boolean>`exists (select 1 from ${studyGroups} where ${studyGroups.ownerId} = ${row.id})`,
    })
    .from(storyProgress)
    .where(and(eq(storyProgress.userId, row.id), isNotNull(storyProgress.completedAt)));
  return {
    id: row.id,
    username: row.username,
    bio: row.bio,
    // The owner sees their own waiting picture; everyone else reads avatar_url alone.
    ...ownAvatar(row),
    level: row.level,
    xp: row.xp,
    createdAt: row.createdAt.toISOString(),
    completedStories: completed?.value ?? 0,
    // The check constraint on profiles.role admits only these three.
    role: row.role as Role,
    readingSettings: readStoredReadingSettings(row.readingSettings),
    // Only those who get report mails (leaders, admins, groups' owners) are offered the toggle.
    ...(isPrivileged(row.role as Role) || completed?.ownsAGroup
      ? { reportMails: row.reportMails, weeklyDigest: row.weeklyDigest }
      : {}),
  };
}

/** 'Email me about reports': on or off for the reader; a mail already pending still checks it before it goes. */
export async function saveReportMails(db: Database, userId: string, on: boolean): Promise<{ on: boolean }> {
  const [row] = await db
    .update(profiles)
    .set({ reportMails: on })
    .where(eq(profiles.id, userId))
    .returning({ on: profiles.reportMails });
  if (!row) throw new AppError("no_profile", 404, MESSAGES.noUser);
  return row;
}

/**
 * 'Weekly summary by email': on or off for the reader, with the time zone their Monday 8:00 is in (null = UTC).
 * The zone is stored at every save, so a leader who moved gets the digest on their new Monday after a toggle.
 */
export async function saveWeeklyDigest(
  db: Database,
  userId: string,
  on: boolean,
  timeZone: string | null,
): Promise<{ on: boolean }> {
  const [row] = await db
    .update(profiles)
    .set({ weeklyDigest: on, timeZone })
    .where(eq(profiles.id, userId))
    .returning({ on: profiles.weeklyDigest });
  if (!row) throw new AppError("no_profile", 404, MESSAGES.noUser);
  return row;
}

/** Replaces the reader's reading settings as a whole: the form always sends all three. */
export async function saveReadingSettings(
  db: Database,
  userId: string,
  settings: ReadingSettings,
): Promise<ReadingSettings> {
  const [row] = await db
    .update(profiles)
    .set({ readingSettings: settings })
    .where(eq(profiles.id, userId))
    .returning({ readingSettings: profiles.readingSettings });
  if (!row) throw new AppError("no_profile", 404, MESSAGES.noUser);
  return readStoredReadingSettings(row.readingSettings);
}

export async function updateProfile(
  db: Database,
  userId: string,
  changes: ProfileUpdate,
): Promise<ProfileRow> {
  if (Object.keys(changes).length === 0) {
    const current = await db.query.profiles.findFirst({ where: eq(profiles.id, userId) });
    if (!current) throw new AppError("no_profile", 404, MESSAGES.noUser);
    return current;
  }
  const { username, ...rest } = changes;
  const update: Partial<typeof profiles.$inferInsert> = rest;
  if (username !== undefined) {
    update.username = username;
    update.usernameCanonical = username === null ? null : canonicalUsername(username);
    // Asked first so that the answer says which kind of clash it is; the indexes below still decide a race.
    if (username !== null) await assertUsernameFree(db, username, userId);
  }
  // The unique indexes on lower(username) and on its canonical form decide a clash, races included; keeping
  // one's own name in another spelling touches the same row and passes.
  try {
    const [row] = await db.update(profiles).set(update).where(eq(profiles.id, userId)).returning();
    if (!row) throw new AppError("no_profile", 404, MESSAGES.noUser);
    return row;
  } catch (error) {
    if (isUniqueViolation(error) && username)
      throw usernameClashError((await findUsernameClash(db, username, userId)) ?? "taken");
    throw error;
  }
}
