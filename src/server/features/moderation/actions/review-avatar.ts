import { defineAction } from "../../../shared/action";
import { type AvatarReviewInput, reviewPendingAvatar } from "../avatar-review";
import { LEADERS_DECISION, requireLeader } from "./leaders-only";

/** A leader approves or rejects a member's waiting profile picture. */
export const reviewAvatar = defineAction({
  name: "moderation/actions/review-avatar",
  authorise: requireLeader,
  guard: { unguarded: LEADERS_DECISION },
  write: (deps, actor, { userId, ...decision }: AvatarReviewInput & { userId: string }) =>
    reviewPendingAvatar(deps, actor.id, userId, decision),
});
