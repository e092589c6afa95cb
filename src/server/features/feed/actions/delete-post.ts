import { groupTopic } from "../../../../core/realtime";
import { FEED_MESSAGES } from "../../../../core/schemas/feed";
import { AppError } from "../../../http/errors";
import { defineAction } from "../../../shared/action";
import { requireMember } from "../../groups";
import { deletePost as deletePostAndMedia, requirePost } from "../posts";

/** An author takes down their own post; its comments, reactions and media go with it. */
export const deletePost = defineAction({
  name: "feed/delete-post",
  // A hidden post too: only its author may still delete it.
  authorise: async ({ db }, actor, input: { groupId: string; postId: string }) => {
    const { group } = await requireMember(db, input.groupId, actor.id);
    const post = await requirePost(db, group.id, input.postId, { includeHidden: true });
    if (post.authorId !== actor.id) throw new AppError("not_your_post", 403, FEED_MESSAGES.notYourPost);
    return post;
  },
  guard: { unguarded: "taking one's own post down writes no words, and a muted child may still do it" },
  write: ({ db, storage, logger }, _actor, _input, post) =>
    deletePostAndMedia(db, storage, post, (err) =>
      logger.warn({ err, postId: post.id }, "post media not removed"),
    ),
  announce: async ({ bus }, _done, { allowed: post }) => {
    await bus.publish({ topic: groupTopic(post.groupId), type: "post_deleted", data: { postId: post.id } });
  },
});
