import { groupTopic } from "../../../../core/realtime";
import { ADMIN_DELETE_MESSAGES } from "../../../../core/schemas/admin-delete";
import { AppError } from "../../../http/errors";
import { defineAction } from "../../../shared/action";
import { requireMember } from "../../groups";
import { adminPasswordMatches, deletePostAsAdmin } from "../admin-delete";
import { removePostMedia } from "../post-media";

const refused = () => new AppError("admin_delete_refused", 403, ADMIN_DELETE_MESSAGES.failed);
const disabled = () => new AppError("admin_delete_disabled", 403, ADMIN_DELETE_MESSAGES.disabled);

/** 'Admin Delete': any post of the group, with ADMIN_PASSWORD, recorded with who deleted what. */
export const adminDeletePost = defineAction({
  name: "feed/admin-delete-post",
  authorise: async (
    { db, config, rateLimiter, logger },
    actor,
    input: { groupId: string; postId: string; password: string; clientIp: string },
  ) => {
    const { group } = await requireMember(db, input.groupId, actor.id);
    const expected = config.adminPassword;
    if (!expected) throw disabled();
    // The `adminDelete` limit (LIMIT_ADMIN_DELETE, 5 in 15 minutes), per account and again per address, so
    // that many accounts on one machine guess no faster than one. Every attempt is recorded, the right
    // password too, before the password is compared: parallel guesses queue on the count, and only the
    // first five reach the comparison. A refused attempt is not recorded, so the wait ends 15 minutes after
    // the fifth. The cost, a moderator waiting after five admin deletions in 15 minutes, is rare: authors
    // delete their own posts without it.
    await rateLimiter.attemptAll([
      ["adminDelete", `user:${actor.id}`],
      ["adminDelete", `ip:${input.clientIp}`],
    ]);
    if (!adminPasswordMatches(input.password, expected)) {
      logger.warn(
        { userId: actor.id, groupId: group.id, postId: input.postId },
        "admin delete: wrong password",
      );
      throw refused();
    }
    return group;
  },
  guard: { unguarded: "an admin's deletion writes no words; its rate and password are checked in authorise" },
  write: async ({ db, storage, logger }, actor, input, group) => {
    const post = await deletePostAsAdmin(db, { groupId: group.id, postId: input.postId, actorId: actor.id });
    // The spec has one message for both: a missing post says no more than a wrong password does.
    if (!post) throw refused();
    logger.info(
      { userId: actor.id, groupId: group.id, postId: post.id, postAuthorId: post.authorId },
      "admin delete: post deleted",
    );
    await removePostMedia(storage, post.mediaUrl, (err) =>
      logger.warn({ err, postId: post.id }, "post media not removed"),
    );
    return post;
  },
  announce: async ({ bus }, post, { allowed: group }) => {
    await bus.publish({ topic: groupTopic(group.id), type: "post_deleted", data: { postId: post.id } });
  },
});
