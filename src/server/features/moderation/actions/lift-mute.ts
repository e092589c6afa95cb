import { defineAction } from "../../../shared/action";
import { checkedByRoute, LEADERS_DECISION } from "../../../shared/leaders-only";
import { liftMute as endMute } from "../mutes";

/** Ends a member's mute before its time; only an admin may lift a leader's or an admin's. */
export const liftMute = defineAction({
  name: "moderation/actions/lift-mute",
  authorise: checkedByRoute,
  guard: { unguarded: LEADERS_DECISION },
  write: (deps, actor, { userId, reason }: { userId: string; reason: string }) =>
    endMute(deps.db, actor.id, userId, reason),
});
