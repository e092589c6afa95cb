import { AVATAR_REVIEW_MESSAGES } from "../../../../core/schemas/moderation";
import { defineAction } from "../../../shared/action";
import { checkedByRoute, LEADERS_DECISION } from "../../../shared/leaders-only";
import { type ActionInput, actOnReport } from "../leader-actions";
import { announcePostGone, tellPictureOwner } from "./announce";

/** A leader's Dismiss, Hide, Delete, Remove picture or Mute on a report, for the whole reported item. */
export const resolveReport = defineAction({
  name: "moderation/actions/resolve-report",
  authorise: checkedByRoute,
  guard: { unguarded: LEADERS_DECISION },
  write: (deps, actor, { reportId, ...decision }: ActionInput & { reportId: string }) =>
    actOnReport(deps, actor.id, reportId, decision),
  announce: async (deps, { item, postGone, pictureOwnerId }) => {
    if (postGone) await announcePostGone(deps, item);
    if (pictureOwnerId) await tellPictureOwner(deps, pictureOwnerId, AVATAR_REVIEW_MESSAGES.removed);
  },
});
