import { groupTopic } from "../../../../core/realtime";
import type { ReactionType } from "../../../../core/schemas/feed";
import { defineAction } from "../../../shared/action";
import { requireMember } from "../../groups";
import { notifyPostReaction } from "../../notifications";
import { requirePost } from "../posts";
import { togglePostReaction } from "../reactions";

/** Like, love or pray on a post: the same type again takes it back, another replaces it. */
export const reactToPost = defineAction({
  name: "feed/react-to-post",
  authorise: async ({ db }, actor, input: { groupId: string; postId: string; type: ReactionType }) => {
    const { group } = await requireMember(db, input.groupId, actor.id);
    return requirePost(db, group.id, input.postId);
  },
  // Every click counts, taking a reaction back too: each one is a write and an event to the group.
  guard: { rate: "reaction", unguarded: "a reaction carries no words, and a muted child may still react" },
  write: ({ db }, actor, input, post) => togglePostReaction(db, post.id, actor.id, input.type),
  announce: async (deps, summary, { actor, input, allowed: post }) => {
    // Counts only: each reader's own reaction is theirs to know.
    await deps.bus.publish({
      topic: groupTopic(post.groupId),
      type: "post_updated",
      data: {
        postId: post.id,
        reactionCounts: summary.reactionCounts,
        reactionsCount: summary.reactionsCount,
      },
    });
    // Added or changed, not taken back: removing a reaction tells no one.
    if (summary.userReaction === input.type) {
      await notifyPostReaction(deps, { post, reactorId: actor.id, type: input.type });
    }
  },
});
