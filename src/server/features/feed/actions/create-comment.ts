import { groupTopic } from "../../../../core/realtime";
import { defineAction } from "../../../shared/action";
import { requireMember } from "../../groups";
import { notifyMentions, notifyReply } from "../../notifications";
import { insertComment } from "../comments";
import { requirePost } from "../posts";

/**
 * A comment on a post or, with a parent, a reply at any depth; the group sees it live, the mentioned are told,
 * and so is the author of what it answers.
 */
export const createComment = defineAction({
  name: "feed/create-comment",
  authorise: async (
    { db },
    actor,
    input: { groupId: string; postId: string; content: string; parentCommentId?: string },
  ) => {
    const { group } = await requireMember(db, input.groupId, actor.id);
    return requirePost(db, group.id, input.postId);
  },
  guard: { rate: "comment", texts: (input) => [input.content] },
  write: ({ db }, actor, input, post) =>
    insertComment(db, {
      postId: post.id,
      authorId: actor.id,
      content: input.content,
      parentCommentId: input.parentCommentId,
    }),
  announce: async (deps, comment, { allowed: post }) => {
    await deps.bus.publish({
      topic: groupTopic(post.groupId),
      type: "comment_created",
      data: { postId: post.id, comment },
    });
    const mentioned = await notifyMentions(deps, {
      kind: "comment",
      groupId: post.groupId,
      author: comment.author,
      text: comment.content,
      commentId: comment.id,
    });
    await notifyReply(deps, { post, comment, alreadyTold: mentioned });
  },
});
