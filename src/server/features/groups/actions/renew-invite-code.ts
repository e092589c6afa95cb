import { canRenewInviteCode, GROUP_MESSAGES } from "../../../../core/schemas/groups";
import { AppError } from "../../../http/errors";
import { defineAction } from "../../../shared/action";
import { requireMember } from "../membership";
import { renewInviteCode as replaceInviteCode } from "../service";

/** 'New invite code': the old code stops working at once. */
export const renewInviteCode = defineAction({
  name: "groups/renew-invite-code",
  authorise: async ({ db }, actor, input: { groupId: string }) => {
    const { group, role, appRole } = await requireMember(db, input.groupId, actor.id);
    if (!canRenewInviteCode(role, appRole))
      throw new AppError("leaders_only", 403, GROUP_MESSAGES.newCodeLeadersOnly);
    return group;
  },
  guard: { unguarded: "a new code is drawn by the server, not written by anyone" },
  write: ({ db }, actor, _input, group) => replaceInviteCode(db, actor.id, group.id),
});
