import { defineAction } from "../../../shared/action";
import { requireMember } from "../membership";
import { leaveGroupWithin } from "../service";
import { announceMembership } from "./announce-membership";

/** 'Leave Group': the member's open streams stop carrying the group from the next event on. */
export const leaveGroup = defineAction({
  name: "groups/leave-group",
  authorise: async ({ db }, actor, input: { groupId: string }) =>
    (await requireMember(db, input.groupId, actor.id)).group,
  guard: { unguarded: "leaving writes no words, and a muted child may always leave" },
  write: async ({ db }, actor, _input, group) => {
    await db.transaction((tx) => leaveGroupWithin(tx, group.id, actor.id, "refuse"));
    return group;
  },
  announce: (deps, group, { actor }) => announceMembership(deps, actor.id, group.id),
});
