import type { ReactionType } from "../../../../core/schemas/feed";
import { defineAction } from "../../../shared/action";
import { requireMember } from "../../groups";
import { requireComment } from "../comments";
import { toggleCommentReaction } from "../reactions";

/** A reaction on a comment; the thread shows the new counts on its next load. */
export const reactToComment = defineAction({
  name: "feed/react-to-comment",
  authorise: async ({ db }, actor, input: { groupId: string; commentId: string; type: ReactionType }) => {
    const { group } = await requireMember(db, input.groupId, actor.id);
    return requireComment(db, group.id, input.commentId);
  },
  // One rate for all of a child's reactions, on posts and comments alike.
  guard: { rate: "reaction", unguarded: "a reaction carries no words, and a muted child may still react" },
  write: ({ db }, actor, input, comment) => toggleCommentReaction(db, comment.id, actor.id, input.type),
});
