import { defineAction } from "../../../shared/action";
import { clearAssignment as removeAssignment, requireAssignmentLeader } from "../assignments";

/** 'Clear this week's story': the level lock it lifted is back at once. */
export const clearAssignment = defineAction({
  name: "groups/clear-assignment",
  authorise: ({ db }, actor, input: { groupId: string }) =>
    requireAssignmentLeader(db, input.groupId, actor.id),
  guard: { unguarded: "clearing removes a leader's choice; nothing is written for anyone to read" },
  write: ({ db }, actor, _input, group) => removeAssignment(db, actor.id, group.id),
});
