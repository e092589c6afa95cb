import { createHash, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { UUID } from "../../db/keyset";
import { adminDeletions, groupPosts } from "../../db/schema";

/** Compares digests of equal length, so neither the time taken nor an early exit tells how long the password is. */
export function adminPasswordMatches(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Deletes any post of the group (its comments and reactions go with it) and records who deleted what, in one
 * transaction: there is never a deletion without its record. Returns null when there is no such post.
 */
export async function deletePostAsAdmin(
  db: Database,
  input: { groupId: string; postId: string; actorId: string },
) {
  if (!UUID.test(input.postId)) return null;
  return db.transaction(async (tx) => {
    const [post] = await tx
      .delete(groupPosts)
      .where(and(eq(groupPosts.id, input.postId), eq(groupPosts.groupId, input.groupId)))
      .returning({
        id: groupPosts.id,
        title: groupPosts.title,
        authorId: groupPosts.authorId,
        mediaUrl: groupPosts.mediaUrl,
      });
    if (!post) return null;
    await tx.insert(adminDeletions).values({
      actorId: input.actorId,
      postId: post.id,
      groupId: input.groupId,
      postTitle: post.title,
      postAuthorId: post.authorId,
    });
    return post;
  });
}
