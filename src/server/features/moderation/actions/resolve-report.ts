import { defineAction } from "../../../shared/action";
import { type ActionInput, actOnReport } from "../leader-actions";
import { LEADERS_DECISION, requireLeader } from "./leaders-only";

/** A leader's Dismiss, Hide, Delete, Remove picture or Mute on a report, for the whole reported item. */
export const resolveReport = defineAction({
  name: "moderation/actions/resolve-report",
  authorise: requireLeader,
  guard: { unguarded: LEADERS_DECISION },
  write: (deps, actor, { reportId, ...decision }: ActionInput & { reportId: string }) =>
    actOnReport(deps, actor.id, reportId, decision),
});
