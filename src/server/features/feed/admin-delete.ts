import { createHash, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { groupTopic } from "../../../core/realtime";
import {
  ADMIN_DELETE_MESSAGES,
  type AdminDeleteStatus,
  adminDeleteSchema,
} from "../../../core/schemas/admin-delete";
import { requireUser } from "../../auth/session";
import type { Database } from "../../db/client";
import { UUID } from "../../db/keyset";
import { adminDeletions, groupPosts } from "../../db/schema";
import type { AppEnv } from "../../http/app-env";
import { clientIp } from "../../http/client-ip";
import { AppError } from "../../http/errors";
import { validate } from "../../http/validate";
import { requireMember } from "../groups/service";
import { removePostMedia } from "./post-media";

const groupParams = z.object({ groupId: z.string().max(100) });
const postParams = groupParams.extend({ postId: z.string().max(100) });

const refused = () => new AppError("admin_delete_refused", 403, ADMIN_DELETE_MESSAGES.failed);
const disabled = () => new AppError("admin_delete_disabled", 403, ADMIN_DELETE_MESSAGES.disabled);

/** Compares digests of equal length, so neither the time taken nor an early exit tells how long the password is. */
export function adminPasswordMatches(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Deletes any post of the group (its comments and reactions go with it) and records who deleted what, in one
 * transaction: there is never a deletion without its record. Returns null when there is no such post.
 */
export async function adminDeletePost(
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

/** 'Admin Delete' of any post, mounted at /api/groups/:groupId; members only, and only with ADMIN_PASSWORD set. */
export function adminDeleteRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/admin-delete", validate("param", groupParams), async (c) => {
      const { db, config } = c.var.deps;
      await requireMember(db, c.req.valid("param").groupId, c.var.user.id);
      return c.json<AdminDeleteStatus>({ enabled: Boolean(config.adminPassword) });
    })
    .post(
      "/posts/:postId/admin-delete",
      validate("param", postParams),
      validate("json", adminDeleteSchema),
      async (c) => {
        const { db, storage, bus, logger, rateLimiter, config } = c.var.deps;
        const { groupId, postId } = c.req.valid("param");
        const userId = c.var.user.id;
        const { group } = await requireMember(db, groupId, userId);
        const expected = config.adminPassword;
        if (!expected) throw disabled();

        // The `adminDelete` limit (LIMIT_ADMIN_DELETE, 5 in 15 minutes), per account and again per address, so
        // that many accounts on one machine guess no faster than one. Every attempt is recorded, the right
        // password too, before the password is compared: parallel guesses queue on the count, and only the
        // first five reach the comparison. A refused attempt is not recorded, so the wait ends 15 minutes after
        // the fifth. The cost, a moderator waiting after five admin deletions in 15 minutes, is rare: authors
        // delete their own posts without it.
        await rateLimiter.attemptAll([
          ["adminDelete", `user:${userId}`],
          ["adminDelete", `ip:${clientIp(c)}`],
        ]);

        if (!adminPasswordMatches(c.req.valid("json").password, expected)) {
          logger.warn({ userId, groupId: group.id, postId }, "admin delete: wrong password");
          throw refused();
        }
        const post = await adminDeletePost(db, { groupId: group.id, postId, actorId: userId });
        // The spec has one message for both: a missing post says no more than a wrong password does.
        if (!post) throw refused();
        logger.info(
          { userId, groupId: group.id, postId, postAuthorId: post.authorId },
          "admin delete: post deleted",
        );
        await removePostMedia(storage, post.mediaUrl, (err) =>
          logger.warn({ err, postId }, "post media not removed"),
        );
        await bus.publish({ topic: groupTopic(group.id), type: "post_deleted", data: { postId: post.id } });
        return c.body(null, 204);
      },
    );
}
