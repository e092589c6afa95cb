import { defineAction } from "../../../shared/action";
import { createGroup as insertGroup } from "../service";
import { announceJoined } from "./announce-membership";
import { refuseParentAccounts } from "./refuse-parent-accounts";

/** 'Create Group': anyone signed in but a parent's own account; its name is moderated like everything a child writes. */
export const createGroup = defineAction({
  name: "groups/create-group",
  authorise: async ({ db }, actor, _input: { name: string }) => refuseParentAccounts(db, actor.id),
  guard: { texts: (input) => [input.name] },
  write: ({ db }, actor, input) => insertGroup(db, actor.id, input.name),
  announce: (deps, group, { actor }) => announceJoined(deps, actor.id, group.id),
});
