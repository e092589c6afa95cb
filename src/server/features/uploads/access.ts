import { and, eq, sql } from "drizzle-orm";
import { videoUrlForPoster } from "../../../core/media";
import { isPrivileged } from "../../../core/schemas/moderation";
import { publicUrlFor } from "../../adapters/storage/storage";
import { getRole } from "../../auth/roles";
import type { Database } from "../../db/client";
import { groupMembers, groupPosts, profiles } from "../../db/schema";

/**
 * Who may download a stored file (issue 18): every answer comes from the row that names the file now, so a
 * deleted post's photo, a hidden post's video or a rejected picture stops being served at once.
 *
 * - Post media (`user-uploads/{author}/posts/…`, a video's poster with it): members of the post's group while
 *   the post is visible and its media approved; waiting media only its author; leaders and admins always,
 *   since they review every group's media and reports.
 * - Story illustrations (`story-images/{reader}/…`): their reader only. A copy shared to a group is stored as
 *   post media and follows the post.
 * - Uploaded avatars (`user-uploads/{owner}/avatar/…`): the approved one its owner, anyone who shares a study
 *   group with them, and leaders and admins; one waiting for a leader its owner and leaders and admins.
 * - Anything else (the narration cache, names no row holds) no one: it is served elsewhere or not at all.
 */
export async function mayReadUpload(db: Database, viewerId: string, key: string): Promise<boolean> {
  const [folder, ownerId, kind] = key.split("/");
  if (folder === "story-images") return ownerId === viewerId;
  if (folder !== "user-uploads" || !ownerId) return false;
  if (kind === "posts") return mayReadPostMedia(db, viewerId, key);
  if (kind === "avatar") return mayReadAvatar(db, viewerId, ownerId, publicUrlFor(key));
  return false;
}

async function mayReadPostMedia(db: Database, viewerId: string, key: string): Promise<boolean> {
  // A poster follows its video, and the post that names it.
  const url = videoUrlForPoster(publicUrlFor(key)) ?? publicUrlFor(key);
  // One indexed look-up (group_posts_media_url_idx), the viewer's membership of the post's group with it.
  const [post] = await db
    .select({
      authorId: groupPosts.authorId,
      mediaStatus: groupPosts.mediaStatus,
      hiddenAt: groupPosts.hiddenAt,
      memberRole: groupMembers.role,
    })
    .from(groupPosts)
    .leftJoin(
      groupMembers,
      and(eq(groupMembers.groupId, groupPosts.groupId), eq(groupMembers.userId, viewerId)),
    )
    .where(eq(groupPosts.mediaUrl, url))
    .limit(1);
  if (!post) return false;
  if (post.mediaStatus === "approved" && !post.hiddenAt && post.memberRole) return true;
  if (post.mediaStatus === "pending" && !post.hiddenAt && post.authorId === viewerId) return true;
  return isPrivileged(await getRole(db, viewerId));
}

async function mayReadAvatar(db: Database, viewerId: string, ownerId: string, url: string) {
  const [owner] = await db
    .select({
      avatarUrl: profiles.avatarUrl,
      pendingAvatarUrl: profiles.pendingAvatarUrl,
      sharesGroup: sql<boolean>`exists (
        select 1 from ${groupMembers} as theirs
        join ${groupMembers} as mine on mine.group_id = theirs.group_id
        where theirs.user_id = ${ownerId} and mine.user_id = ${viewerId}
      )`,
    })
    .from(profiles)
    .where(eq(profiles.id, ownerId));
  if (!owner) return false;
  const approved = owner.avatarUrl === url;
  const waiting = owner.pendingAvatarUrl === url;
  if (!approved && !waiting) return false;
  if (ownerId === viewerId) return true;
  if (approved && owner.sharesGroup) return true;
  return isPrivileged(await getRole(db, viewerId));
}
