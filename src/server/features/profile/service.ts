import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import type { Role } from "../../../core/schemas/moderation";
import type { Profile, ProfileUpdate } from "../../../core/schemas/profile";
import type { Database } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { profiles, storyProgress } from "../../db/schema";
import { AppError } from "../../http/errors";

type ProfileRow = typeof profiles.$inferSelect;

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
  for (let attempt = 0; attempt < 10; attempt++) {
    const suffix = attempt === 0 ? "" : String(Math.floor(1000 + Math.random() * 9000));
    const username = wishedUsername.slice(0, 20 - suffix.length) + suffix;
    try {
      const [row] = await db
        .insert(profiles)
        .values({ id: userId, username })
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

export async function isUsernameTaken(
  db: Database,
  username: string,
  exceptUserId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`lower(${profiles.username}) = lower(${username})`)
    .limit(1);
  return Boolean(row && row.id !== exceptUserId);
}

export async function toProfile(db: Database, row: ProfileRow): Promise<Profile> {
  const [completed] = await db
    .select({ value: count() })
    .from(storyProgress)
    .where(and(eq(storyProgress.userId, row.id), isNotNull(storyProgress.completedAt)));
  return {
    id: row.id,
    username: row.username,
    bio: row.bio,
    avatarUrl: row.avatarUrl,
    level: row.level,
    xp: row.xp,
    createdAt: row.createdAt.toISOString(),
    completedStories: completed?.value ?? 0,
    // The check constraint on profiles.role admits only these three.
    role: row.role as Role,
  };
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
  // The unique index on lower(username) decides a clash, races included; keeping one's own name in
  // another case touches the same row and passes.
  try {
    const [row] = await db.update(profiles).set(changes).where(eq(profiles.id, userId)).returning();
    if (!row) throw new AppError("no_profile", 404, MESSAGES.noUser);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("username_taken", 409, MESSAGES.usernameTaken);
    throw error;
  }
}

export async function setAvatarUrl(db: Database, userId: string, avatarUrl: string): Promise<string | null> {
  const previous = await db.query.profiles.findFirst({
    where: eq(profiles.id, userId),
    columns: { avatarUrl: true },
  });
  await db.update(profiles).set({ avatarUrl }).where(eq(profiles.id, userId));
  return previous?.avatarUrl ?? null;
}
