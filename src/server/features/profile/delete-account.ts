import { and, asc, eq, inArray, isNotNull, like, or, sql } from "drizzle-orm";
import { userTopic } from "../../../core/realtime";
import { DELETED_USER_NAME } from "../../../core/schemas/feed";
import type { LayerNumber } from "../../../core/stories/progress";
import { keyFromPublicUrl } from "../../adapters/storage/storage";
import { escapeLike } from "../../db/keyset";
import {
  groupMembers,
  groupPosts,
  notifications,
  profiles,
  rateLimitEvents,
  realtimeEvents,
  storyContent,
  studyGroups,
  users,
  verifications,
} from "../../db/schema";
import type { AppDeps } from "../../http/app-env";
import { limitKey } from "../../shared/rate-limit";
import { leaveGroupWithin } from "../groups";
import { illustrationKey } from "../stories";

/** The storage key behind one of our /uploads URLs; the `?v=` an illustration carries is not part of it. */
const storageKey = (url: string | null) => (url ? keyFromPublicUrl(url.split("?")[0] ?? "") : null);

/**
 * Deletes an account (issue 6). In one transaction: each group the user owns goes to its longest-standing
 * other member (or, with nobody else in it, is deleted), their posts lose their media, what others were told
 * in their name says "deleted user", and the users row goes, taking every row of theirs with it; posts,
 * comments and chat messages stay with no author. Their files are removed after the commit, so a failure
 * before it removes nothing; a file that cannot be removed is logged and left. Returns the groups they were in,
 * whose events their open tabs should stop carrying.
 */
export async function deleteAccount(
  deps: Pick<AppDeps, "db" | "storage" | "logger">,
  userId: string,
  options: {
    /**
     * Only while the account still waits for a parent (the 7-day sweep): checked under the profile's row lock,
     * which a parent's 'I agree' takes too, so an account a parent has just opened is never swept.
     */
    onlyWhileWaiting?: boolean;
  } = {},
) {
  const { db, storage, logger } = deps;
  const files = new Set<string>();

  const { groupIds, deleted } = await db.transaction(async (tx) => {
    if (options.onlyWhileWaiting) {
      const [state] = await tx
        .select({ accountState: profiles.accountState })
        .from(profiles)
        .where(eq(profiles.id, userId))
        .for("update");
      if (state?.accountState !== "waiting_for_parent") return { groupIds: [], deleted: false };
    }
    const [account] = await tx
      .select({
        email: users.email,
        avatarUrl: profiles.avatarUrl,
        pendingAvatarUrl: profiles.pendingAvatarUrl,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, userId));
    if (!account) return { groupIds: [], deleted: false };
    const memberships = await tx
      .select({ groupId: groupMembers.groupId })
      .from(groupMembers)
      .where(eq(groupMembers.userId, userId));
    // Locked one by one below, always in id order, so that no two transactions wait on each other in a circle.
    const owned = await tx
      .select({ id: studyGroups.id })
      .from(studyGroups)
      .where(eq(studyGroups.ownerId, userId))
      .orderBy(asc(studyGroups.id));
    const ownedIds = owned.map((group) => group.id);
    // Read before a group is deleted: its posts, everyone's, go with it, and their files must not stay behind.
    const media = await tx
      .select({ groupId: groupPosts.groupId, authorId: groupPosts.authorId, mediaUrl: groupPosts.mediaUrl })
      .from(groupPosts)
      .where(
        and(
          isNotNull(groupPosts.mediaUrl),
          ownedIds.length > 0
            ? or(eq(groupPosts.authorId, userId), inArray(groupPosts.groupId, ownedIds))
            : eq(groupPosts.authorId, userId),
        ),
      );
    const illustrations = await tx
      .select({ storyId: storyContent.storyId, layer: storyContent.layer })
      .from(storyContent)
      .where(eq(storyContent.userId, userId));

    const deletedGroups = new Set<string>();
    for (const { id } of owned) {
      if ((await leaveGroupWithin(tx, id, userId, "delete")) === "deleted") deletedGroups.add(id);
    }

    // The posts stay for the group, without the pictures and videos of someone who asked to be forgotten.
    await tx
      .update(groupPosts)
      .set({ mediaUrl: null, mediaType: null, mediaStatus: null })
      .where(and(eq(groupPosts.authorId, userId), isNotNull(groupPosts.mediaUrl)));
    // Mentions, replies and reactions told others "<username> mentioned you…": the name goes, the rest stays. A username
    // is one word, so the first word is the name, whatever it was when the notification was sent.
    await tx
      .update(notifications)
      .set({ message: sql`regexp_replace(${notifications.message}, '^\\S+', ${DELETED_USER_NAME})` })
      .where(
        and(
          eq(notifications.senderId, userId),
          inArray(notifications.type, ["post_mention", "comment_mention", "comment_reply", "reaction"]),
        ),
      );
    // Their own stream's stored events (their notifications), reset links, and the counters keyed by email.
    await tx.delete(realtimeEvents).where(eq(realtimeEvents.topic, userTopic(userId)));
    await tx
      .delete(verifications)
      .where(and(eq(verifications.value, userId), like(verifications.identifier, "reset-password:%")));
    await tx
      .delete(rateLimitEvents)
      .where(
        or(
          like(rateLimitEvents.key, `${limitKey("signIn", escapeLike(account.email))}:%`),
          eq(rateLimitEvents.key, limitKey("passwordReset", account.email)),
          like(rateLimitEvents.key, `%:${escapeLike(userId)}`),
        ),
      );
    await tx.delete(users).where(eq(users.id, userId));

    // The picture others saw and one still waiting for a leader (a built-in picture has no file).
    for (const url of [account.avatarUrl, account.pendingAvatarUrl]) {
      const avatar = storageKey(url);
      if (avatar) files.add(avatar);
    }
    for (const post of media) {
      if (post.authorId === userId || deletedGroups.has(post.groupId)) {
        const key = storageKey(post.mediaUrl);
        if (key) files.add(key);
      }
    }
    // Every layer's picture, also one whose row no longer points at it (a new text clears the URL, not the file).
    for (const { storyId, layer } of illustrations) {
      // The layer column's check constraint admits only 1 to 3.
      files.add(illustrationKey(userId, storyId, layer as LayerNumber));
    }
    return { groupIds: memberships.map((row) => row.groupId), deleted: true };
  });

  const removals = await Promise.allSettled([...files].map((key) => storage.delete(key)));
  removals.forEach((result, index) => {
    if (result.status === "rejected")
      logger.warn({ err: result.reason, key: [...files][index] }, "a deleted account's file was not removed");
  });

  return { removedFiles: files.size, groupIds, deleted };
}
