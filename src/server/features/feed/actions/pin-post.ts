import { groupTopic } from "../../../../core/realtime";
import { FEED_MESSAGES } from "../../../../core/schemas/feed";
import { canPinPosts } from "../../../../core/schemas/groups";
import { getRole } from "../../../auth/roles";
import { AppError } from "../../../http/errors";
import { defineAction } from "../../../shared/action";
import { requireMember } from "../../groups";
import { requirePost, setPostPinned } from "../posts";

/** The group's owner, a leader or an admin pins a post to the top of the feed, or unpins it. */
export const pinPost = defineAction({
  name: "feed/pin-post",
  authorise: async ({ db }, actor, input: { groupId: string; postId: string; pinned: boolean }) => {
    const { group, role } = await requireMember(db, input.groupId, actor.id);
    if (!canPinPosts(role, await getRole(db, actor.id)))
      throw new AppError("leaders_only", 403, FEED_MESSAGES.leadersOnlyPin);
    return requirePost(db, group.id, input.postId);
  },
  guard: { unguarded: "a leader's pin writes no words" },
  write: ({ db }, _actor, input, post) => setPostPinned(db, post.id, input.pinned),
  announce: async ({ bus }, update, { allowed: post }) => {
    await bus.publish({ topic: groupTopic(post.groupId), type: "post_updated", data: update });
  },
});
