import { defineAction } from "../../../shared/action";
import { removeAvatar as takeAwayAvatar } from "../avatar-review";
import { LEADERS_DECISION, requireLeader } from "./leaders-only";

type Input = { userId: string; pictureUrl: string; reason: string };

/** 'Remove picture': a leader takes away a member's uploaded picture that others see. */
export const removeAvatar = defineAction({
  name: "moderation/actions/remove-avatar",
  authorise: requireLeader,
  guard: { unguarded: LEADERS_DECISION },
  write: (deps, actor, { userId, ...decision }: Input) => takeAwayAvatar(deps, actor.id, userId, decision),
});
