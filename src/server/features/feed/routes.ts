import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { type AdminDeleteStatus, adminDeleteSchema } from "../../../core/schemas/admin-delete";
import {
  FEED_MESSAGES,
  feedPageSchema,
  newCommentSchema,
  newPostSchema,
  POST_VIDEO_MAX_BYTES,
  pinPostSchema,
  reactionSchema,
} from "../../../core/schemas/feed";
import { assertAllowedByParent, requireAllowedByParent, requireUser } from "../../auth/session";
import type { AppEnv } from "../../http/app-env";
import { clientIp } from "../../http/client-ip";
import { AppError } from "../../http/errors";
import { jsonText } from "../../http/json-text";
import { streamedForm } from "../../http/multipart";
import { validate } from "../../http/validate";
import { requireMember } from "../groups";
import { adminDeletePost } from "./actions/admin-delete-post";
import { createComment } from "./actions/create-comment";
import { createPost } from "./actions/create-post";
import { deletePost } from "./actions/delete-post";
import { pinPost } from "./actions/pin-post";
import { reactToComment } from "./actions/react-to-comment";
import { reactToPost } from "./actions/react-to-post";
import { listComments } from "./comments";
import { type FeedPage, listPosts } from "./feed-page";
import { feedReader, requirePost } from "./posts";

// The feed's routes parse the request, run the action (src/server/shared/action.ts) and shape the answer;
// who may, the writer guard, the write and what others hear of it are the action's.

// Ids are checked by the service, so that a malformed one is "not found" (404) rather than a 400.
const groupParams = z.object({ groupId: z.string().max(100) });
const postParams = groupParams.extend({ postId: z.string().max(100) });
const commentParams = groupParams.extend({ commentId: z.string().max(100) });

// Room above the largest video for the text fields and the multipart envelope; larger bodies are never read.
const POST_BODY_MAX_BYTES = POST_VIDEO_MAX_BYTES + 1024 * 1024;
const postTooLarge = () => new AppError("post_too_large", 413, FEED_MESSAGES.videoTooLarge);

/** A group's feed, mounted at /api/groups/:groupId; members only, for reading and writing alike. */
export function feedRoutes() {
  return (
    new Hono<AppEnv>()
      .use(requireUser)
      // A child whose parent switched 'Study groups and chat' off reaches none of it (issue 24).
      .use(requireAllowedByParent("groups"))
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
          const { fields, file } = c.var.form;
          // A photo or video only where no parent has switched 'Photos and videos' off (issue 24).
          if (file) assertAllowedByParent(c.var.user, "media");
          const post = await createPost.run(c.var.deps, c.var.user, {
            groupId: c.req.valid("param").groupId,
            title: fields.title,
            // Multipart turns every line break of a form field into CRLF; the post keeps the author's plain ones.
            content: fields.content.replace(/\r\n?/g, "\n"),
            file,
          });
          return c.json(post, 201);
        },
      )
      .delete("/posts/:postId", validate("param", postParams), async (c) => {
        await deletePost.run(c.var.deps, c.var.user, c.req.valid("param"));
        return c.body(null, 204);
      })
      .put(
        "/posts/:postId/pin",
        validate("param", postParams),
        validate("json", pinPostSchema),
        async (c) => {
          const input = { ...c.req.valid("param"), pinned: c.req.valid("json").pinned };
          return c.json(await pinPost.run(c.var.deps, c.var.user, input));
        },
      )
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
          const input = { ...c.req.valid("param"), ...c.req.valid("json") };
          return c.json(await createComment.run(c.var.deps, c.var.user, input), 201);
        },
      )
      .post(
        "/posts/:postId/reaction",
        validate("param", postParams),
        validate("json", reactionSchema),
        async (c) => {
          const input = { ...c.req.valid("param"), type: c.req.valid("json").type };
          return c.json(await reactToPost.run(c.var.deps, c.var.user, input));
        },
      )
      .post(
        "/comments/:commentId/reaction",
        validate("param", commentParams),
        validate("json", reactionSchema),
        async (c) => {
          const input = { ...c.req.valid("param"), type: c.req.valid("json").type };
          return c.json(await reactToComment.run(c.var.deps, c.var.user, input));
        },
      )
  );
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
        const input = {
          ...c.req.valid("param"),
          password: c.req.valid("json").password,
          clientIp: clientIp(c),
        };
        await adminDeletePost.run(c.var.deps, c.var.user, input);
        return c.body(null, 204);
      },
    );
}
