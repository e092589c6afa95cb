import { and, eq, sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { isPrivileged, type Role } from "../../../core/schemas/moderation";
import { AVATAR_MESSAGES, type AvatarChange, type MemberProfile } from "../../../core/schemas/profile";
import { keyFromPublicUrl, type Storage } from "../../adapters/storage/storage";
import type { Database } from "../../db/client";
import { groupMembers, parentChildren, profiles } from "../../db/schema";
import type { AppDeps } from "../../http/app-env";
import { AppError } from "../../http/errors";
import type { Executor } from "../../shared/award-xp";
import { requireMember } from "../groups";

// Profile pictures (issue 18). profiles.avatar_url is the picture everyone else is shown; a member's upload
// waits in pending_avatar_url (its owner sees it at once) until a leader approves it into avatar_url. A
// built-in picture, and a leader's or an admin's upload, go to avatar_url at once.

/** The storage key of an uploaded picture; null for a built-in one (served from the web build) or none. */
export function uploadedAvatarKey(url: string | null | undefined): string | null {
  return url ? keyFromPublicUrl(url) : null;
}

let lastStamp = 0;

/**
 * The key a new uploaded picture is stored under: `user-uploads/{userId}/avatar/{timestamp}.{ext}`. The
 * timestamp only grows within this process, so two uploads in one millisecond never write over each other's
 * file (a picture a leader has already approved must never change under its name).
 */
export function newAvatarKey(userId: string, extension: string): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return `user-uploads/${userId}/avatar/${lastStamp}.${extension}`;
}

/**
 * Removes the files of pictures no row names any more: built-in pictures and the one just stored (`keep`) are
 * left alone. Best effort: a file that cannot be removed is logged, and the start-up sweep takes it later.
 */
export async function removeAvatarFiles(
  deps: { storage: Storage; logger: AppDeps["logger"] },
  urls: (string | null | undefined)[],
  keep?: string | null,
) {
  const keys = new Set(urls.filter((url) => url && url !== keep).map(uploadedAvatarKey));
  for (const key of keys) {
    if (!key) continue;
    await deps.storage
      .delete(key)
      .catch((err) => deps.logger.warn({ err, key }, "a replaced profile picture was not removed"));
  }
}

/** The owner's row, locked until the transaction ends: every change of a picture takes its turn on it. */
async function lockPictures(tx: Executor, userId: string) {
  const [row] = await tx
    .select({
      role: profiles.role,
      avatarUrl: profiles.avatarUrl,
      pendingAvatarUrl: profiles.pendingAvatarUrl,
    })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for("no key update");
  if (!row) throw new AppError("no_profile", 404, MESSAGES.noUser);
  return row;
}

/**
 * Puts a stored upload in place: a member's waits for a leader, and the picture others saw goes (they see the
 * first letter until a leader approves); a leader's or an admin's shows at once. Read and written under the
 * row's lock in one transaction, so two uploads at once take turns and each removes what the other replaced:
 * the row never names a removed file. The replaced files are removed after the commit.
 */
export async function placeUploadedAvatar(
  deps: Pick<AppDeps, "db" | "storage" | "logger">,
  userId: string,
  url: string,
): Promise<AvatarChange> {
  const { replaced, waits } = await deps.db.transaction(async (tx) => {
    const row = await lockPictures(tx, userId);
    const waits = !isPrivileged(row.role as Role);
    await tx
      .update(profiles)
      .set(
        waits
          ? { avatarUrl: null, pendingAvatarUrl: url, pendingAvatarAt: sql`now()` }
          : { avatarUrl: url, pendingAvatarUrl: null, pendingAvatarAt: null },
      )
      .where(eq(profiles.id, userId));
    return { replaced: [row.avatarUrl, row.pendingAvatarUrl], waits };
  });
  await removeAvatarFiles(deps, replaced, url);
  return { avatarUrl: url, avatarPending: waits };
}

/**
 * A built-in picture, shown to everyone at once: it needs no approval. Any waiting picture is dropped, and the
 * files of the replaced uploads removed after the commit.
 */
export async function chooseBuiltInAvatar(
  deps: Pick<AppDeps, "db" | "storage" | "logger">,
  userId: string,
  url: string,
): Promise<AvatarChange> {
  const replaced = await deps.db.transaction(async (tx) => {
    const row = await lockPictures(tx, userId);
    await tx
      .update(profiles)
      .set({ avatarUrl: url, pendingAvatarUrl: null, pendingAvatarAt: null })
      .where(eq(profiles.id, userId));
    return [row.avatarUrl, row.pendingAvatarUrl];
  });
  await removeAvatarFiles(deps, replaced, url);
  return { avatarUrl: url, avatarPending: false };
}

/**
 * Another member's card, for someone who shares the group it was opened in: both must be members of it, else
 * the answer is "not found", as for a member who does not exist. Never the waiting picture.
 */
export async function getMemberProfile(
  db: Database,
  viewerId: string,
  groupId: string,
  userId: string,
): Promise<MemberProfile> {
  const { appRole } = await requireMember(db, groupId, viewerId);
  const [row] = await db
    .select({
      id: profiles.id,
      username: profiles.username,
      bio: profiles.bio,
      avatarUrl: profiles.avatarUrl,
      level: profiles.level,
      // Leaders see whether a parent has agreed for the member (issue 24); members never learn who has parents.
      parentAgreed: isPrivileged(appRole)
        ? sql<boolean>`exists (select 1 from ${parentChildren} where ${parentChildren.childUserId} = ${profiles.id})`
        : sql<null>`null`,
    })
    .from(profiles)
    .innerJoin(groupMembers, and(eq(groupMembers.userId, profiles.id), eq(groupMembers.groupId, groupId)))
    .where(eq(profiles.id, userId));
  if (!row) throw new AppError("member_not_found", 404, AVATAR_MESSAGES.memberNotFound);
  return row;
}
