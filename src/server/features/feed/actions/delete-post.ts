import { groupTopic } from "../../../../core/realtime";
import { defineAction } from "../../../shared/action";
import { requireMember } from "../../groups";
import { deleteOwnPost } from "../posts";

/** An author takes down their own post; its comments, reactions and media go with it. */
export const deletePost = defineAction({
  name: "feed/delete-post",
  authorise: async ({ db }, actor, input: { groupId: string; postId: string }) =>
    (await requireMember(db, input.groupId, actor.id)).group,
  guard: { unguarded: "taking one's own post down writes no words, and a muted child may still do it" },
  // The author check is in deleteOwnPost, which reads the post (hidden ones too) as it deletes it.
  write: async ({ db, storage, logger }, actor, input, group) => {
    await deleteOwnPost(db, storage, group.id, input.postId, actor.id, (err) =>
      logger.warn({ err, postId: input.postId }, "post media not removed"),
    );
    return { groupId: group.id, postId: input.postId };
  },
  announce: async ({ bus }, { groupId, postId }) => {
    await bus.publish({ topic: groupTopic(groupId), type: "post_deleted", data: { postId } });
  },
});
