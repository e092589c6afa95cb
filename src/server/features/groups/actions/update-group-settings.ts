import { canChangeMediaApproval } from "../../../../core/schemas/groups";
import { MEDIA_MESSAGES } from "../../../../core/schemas/moderation";
import { AppError } from "../../../http/errors";
import { defineAction } from "../../../shared/action";
import { requireMember } from "../membership";
import { setApproveMediaFirst } from "../service";

/** A leader or admin turns the group's 'approve media first' on or off. */
export const updateGroupSettings = defineAction({
  name: "groups/update-group-settings",
  authorise: async ({ db }, actor, input: { groupId: string; approveMediaFirst: boolean }) => {
    const { group, appRole } = await requireMember(db, input.groupId, actor.id);
    if (!canChangeMediaApproval(appRole))
      throw new AppError("leaders_only", 403, MEDIA_MESSAGES.settingLeadersOnly);
    return group;
  },
  guard: { unguarded: "a leader's setting writes no words" },
  write: ({ db }, actor, input, group) =>
    setApproveMediaFirst(db, actor.id, group.id, input.approveMediaFirst),
});
