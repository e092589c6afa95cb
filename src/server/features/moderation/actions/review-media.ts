import { defineAction } from "../../../shared/action";
import { type MediaReviewInput, reviewPendingMedia } from "../media-review";
import { LEADERS_DECISION, requireLeader } from "./leaders-only";

/** A leader approves or rejects the photo or video waiting on a member's post. */
export const reviewMedia = defineAction({
  name: "moderation/actions/review-media",
  authorise: requireLeader,
  guard: { unguarded: LEADERS_DECISION },
  write: (deps, actor, { postId, ...decision }: MediaReviewInput & { postId: string }) =>
    reviewPendingMedia(deps, actor.id, postId, decision),
});
