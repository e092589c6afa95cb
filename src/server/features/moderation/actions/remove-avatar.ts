import { AVATAR_REVIEW_MESSAGES } from "../../../../core/schemas/moderation";
import { defineAction } from "../../../shared/action";
import { checkedByRoute, LEADERS_DECISION } from "../../../shared/leaders-only";
import { removeAvatar as takeAwayAvatar } from "../avatar-review";
import { tellPictureOwner } from "./announce";

type Input = { userId: string; pictureUrl: string; reason: string };

/** 'Remove picture': a leader takes away a member's uploaded picture that others see. */
export const removeAvatar = defineAction({
  name: "moderation/actions/remove-avatar",
  authorise: checkedByRoute,
  guard: { unguarded: LEADERS_DECISION },
  write: (deps, actor, { userId, ...decision }: Input) => takeAwayAvatar(deps, actor.id, userId, decision),
  announce: (deps, { userId }) => tellPictureOwner(deps, userId, AVATAR_REVIEW_MESSAGES.removed),
});
