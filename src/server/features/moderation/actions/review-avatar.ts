import { AVATAR_REVIEW_MESSAGES } from "../../../../core/schemas/moderation";
import { defineAction } from "../../../shared/action";
import { checkedByRoute, LEADERS_DECISION } from "../../../shared/leaders-only";
import { type AvatarReviewInput, reviewPendingAvatar } from "../avatar-review";
import { tellPictureOwner } from "./announce";

/** A leader approves or rejects a member's waiting profile picture. */
export const reviewAvatar = defineAction({
  name: "moderation/actions/review-avatar",
  authorise: checkedByRoute,
  guard: { unguarded: LEADERS_DECISION },
  write: (deps, actor, { userId, ...decision }: AvatarReviewInput & { userId: string }) =>
    reviewPendingAvatar(deps, actor.id, userId, decision),
  announce: (deps, { userId }, { input }) =>
    tellPictureOwner(
      deps,
      userId,
      input.action === "approve" ? AVATAR_REVIEW_MESSAGES.approved : AVATAR_REVIEW_MESSAGES.rejected,
    ),
});
