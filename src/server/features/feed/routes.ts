import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { groupTopic } from "../../../core/realtime";
import {
  FEED_MESSAGES,
  feedPageSchema,
  newCommentSchema,
  newPostSchema,
  POST_VIDEO_MAX_BYTES,
  pinPostSchema,
  reactionSchema,
} from "../../../core/schemas/feed";
import { canPinPosts } from "../../../core/schemas/groups";
import { getRole } from "../../auth/roles";
import { requireUser } from "../../auth/session";
import type { AppEnv } from "../../http/app-env";
import { AppError } from "../../http/errors";
import { jsonText } from "../../http/json-text";
import { streamedForm } from "../../http/multipart";
import { validate } from "../../http/validate";
import { guardLimitedWrite } from "../../shared/write-guard";
import { requireMember } from "../groups/service";
import { notifyMentions, notifyPostReaction } from "../notifications/service";
import {
  createComment,
  deletePost,
  type FeedPage,
  feedReader,
  listComments,
  listPosts,
  publishPost,
  requireComment,
  requirePost,
  setPostPinned,
  toggleCommentReaction,
  togglePostReaction,
} from "./service";

// Ids are checked by the service, so that a malformed one is "not found" (404) rather than a 400.
const groupParams = z.object({ groupId: z.string().max(100) });
const postParams = groupParams.extend({ postId: z.string().max(100) });
const commentParams = groupParams.extend({ commentId: z.string().max(100) });

// Room above the largest video for the text fields and the multipart envelope; larger bodies are never read.
const POST_BODY_MAX_BYTES = POST_VIDEO_MAX_BYTES + 1024 * 1024;
const postTooLarge = () => new AppError("post_too_large", 413, FEED_MESSAGES.videoTooLarge);

/** A group's feed, mounted at /api/groups/:groupId; members only, for reading and writing alike. */
export function feedRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/posts", validate("param", groupParams), validate("query", feedPageSchema), async (c) => {
      const { deps } = c.var;
      const { group, appRole } = await requireMember(deps.db, c.req.valid("param").groupId, c.var.user.id);
      const reader = feedReader(c.var.user.id, appRole);
      return jsonText<FeedPage>(c, await listPosts(deps, group, reader, c.req.valid("query").cursor));
    })
    .post(
      "/posts",
      bodyLimit({
        maxSize: POST_BODY_MAX_BYTES,
        onError: () => {
          throw postTooLarge();
        },
      }),
      validate("param", groupParams),
      // Members only, before a byte of the body is read.
      async (c, next) => {
        await requireMember(c.var.deps.db, c.req.valid("param").groupId, c.var.user.id);
        await next();
      },
      // The file goes to a temporary file as it arrives, never whole into memory.
      streamedForm(newPostSchema, {
        fileField: "file",
        maxFileBytes: POST_VIDEO_MAX_BYTES,
        tooLarge: postTooLarge,
      }),
      async (c) => {
        const userId = c.var.user.id;
        // Asked again, not carried over: a 100 MB upload takes a while, and a member removed meanwhile is out.
        const { group } = await requireMember(c.var.deps.db, c.req.valid("param").groupId, userId);
        const { fields, file } = c.var.form;
        // Multipart turns every line break of a form field into CRLF; the post keeps the author's plain ones.
        const content = fields.content.replace(/\r\n?/g, "\n");
        await guardLimitedWrite(c.var.deps, "post", userId, [fields.title, content]);
        const post = await publishPost(c.var.deps, {
          groupId: group.id,
          authorId: userId,
          title: fields.title,
          content,
          media: file,
        });
        return c.json(post, 201);
      },
    )
    .delete("/posts/:postId", validate("param", postParams), async (c) => {
      const { db, storage, bus, logger } = c.var.deps;
      const { groupId, postId } = c.req.valid("param");
      const { group } = await requireMember(db, groupId, c.var.user.id);
      await deletePost(db, storage, group.id, postId, c.var.user.id, (err) =>
        logger.warn({ err, postId }, "post media not removed"),
      );
      await bus.publish({ topic: groupTopic(group.id), type: "post_deleted", data: { postId } });
      return c.body(null, 204);
    })
    .put("/posts/:postId/pin", validate("param", postParams), validate("json", pinPostSchema), async (c) => {
      const { db, bus } = c.var.deps;
      const { groupId, postId } = c.req.valid("param");
      const { group, role } = await requireMember(db, groupId, c.var.user.id);
      if (!canPinPosts(role, await getRole(db, c.var.user.id)))
        throw new AppError("leaders_only", 403, FEED_MESSAGES.leadersOnlyPin);
      const post = await requirePost(db, group.id, postId);
      const pinned = await setPostPinned(db, post.id, c.req.valid("json").pinned);
      await bus.publish({ topic: groupTopic(group.id), type: "post_updated", data: pinned });
      return c.json(pinned);
    })
    .get("/posts/:postId/comments", validate("param", postParams), async (c) => {
      const { db } = c.var.deps;
      const { groupId, postId } = c.req.valid("param");
      const { group } = await requireMember(db, groupId, c.var.user.id);
      const post = await requirePost(db, group.id, postId);
      return c.json({ comments: await listComments(db, post.id, c.var.user.id) });
    })
    .post(
      "/posts/:postId/comments",
      validate("param", postParams),
      validate("json", newCommentSchema),
      async (c) => {
        const { db, bus } = c.var.deps;
        const { groupId, postId } = c.req.valid("param");
        const { group } = await requireMember(db, groupId, c.var.user.id);
        const post = await requirePost(db, group.id, postId);
        const { content, parentCommentId } = c.req.valid("json");
        await guardLimitedWrite(c.var.deps, "comment", c.var.user.id, [content]);
        const comment = await createComment(db, {
          postId: post.id,
          authorId: c.var.user.id,
          content,
          parentCommentId,
        });
        await bus.publish({
          topic: groupTopic(group.id),
          type: "comment_created",
          data: { postId: post.id, comment },
        });
        await notifyMentions(c.var.deps, {
          kind: "comment",
          groupId: group.id,
          author: comment.author,
          text: comment.content,
          commentId: comment.id,
        });
        return c.json(comment, 201);
      },
    )
    .post(
      "/posts/:postId/reaction",
      validate("param", postParams),
      validate("json", reactionSchema),
      async (c) => {
        const { db, bus, rateLimiter } = c.var.deps;
        const { groupId, postId } = c.req.valid("param");
        const { group } = await requireMember(db, groupId, c.var.user.id);
        const post = await requirePost(db, group.id, postId);
        // Every click counts, taking a reaction back too: each one is a write and an event to the group.
        await rateLimiter.attempt("reaction", c.var.user.id);
        const { type } = c.req.valid("json");
        const summary = await togglePostReaction(db, post.id, c.var.user.id, type);
        // Counts only: each reader's own reaction is theirs to know.
        await bus.publish({
          topic: groupTopic(group.id),
          type: "post_updated",
          data: {
            postId: post.id,
            reactionCounts: summary.reactionCounts,
            reactionsCount: summary.reactionsCount,
          },
        });
        // Added or changed, not taken back: removing a reaction tells no one.
        if (summary.userReaction === type) {
          await notifyPostReaction(c.var.deps, { post, reactorId: c.var.user.id, type });
        }
        return c.json(summary);
      },
    )
    .post(
      "/comments/:commentId/reaction",
      validate("param", commentParams),
      validate("json", reactionSchema),
      async (c) => {
        const { db, rateLimiter } = c.var.deps;
        const { groupId, commentId } = c.req.valid("param");
        const { group } = await requireMember(db, groupId, c.var.user.id);
        const comment = await requireComment(db, group.id, commentId);
        // One rate for all of a child's reactions, on posts and comments alike.
        await rateLimiter.attempt("reaction", c.var.user.id);
        return c.json(await toggleCommentReaction(db, comment.id, c.var.user.id, c.req.valid("json").type));
      },
    );
}
