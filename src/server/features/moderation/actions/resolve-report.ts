import { AVATAR_REVIEW_MESSAGES } from "../../../../core/schemas/moderation";
import { defineAction } from "../../../shared/action";
import { checkedByRoute, LEADERS_DECISION } from "../../../shared/leaders-only";
import { type ActionInput, actOnReport } from "../leader-actions";
import { announcePostGone, tellParentsOfDecision, tellPictureOwner } from "./announce";

/** A leader's Dismiss, Hide, Delete, Remove picture or Mute on a report, for the whole reported item. */
export const resolveReport = defineAction({
  name: "moderation/actions/resolve-report",
  authorise: checkedByRoute,
  guard: { unguarded: LEADERS_DECISION },
  write: (deps, actor, { reportId, ...decision }: ActionInput & { reportId: string }) =>
    actOnReport(deps, actor.id, reportId, decision),
  announce: async (deps, { item, postGone, deleted, pictureOwnerId }, { input }) => {
    if (postGone) await announcePostGone(deps, item);
    if (pictureOwnerId) await tellPictureOwner(deps, pictureOwnerId, AVATAR_REVIEW_MESSAGES.removed);
    // A child's parents hear what a leader did about their child, and why (issue 24).
    if (item?.authorId && (deleted || input.action === "mute"))
      await tellParentsOfDecision(deps, item, input);
  },
});
