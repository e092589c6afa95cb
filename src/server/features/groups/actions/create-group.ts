import { defineAction } from "../../../shared/action";
import { createGroup as insertGroup } from "../service";
import { announceJoined } from "./announce-membership";

/** 'Create Group': anyone signed in; its name is moderated like everything a child writes. */
export const createGroup = defineAction({
  name: "groups/create-group",
  authorise: async (_deps, _actor, _input: { name: string }) => null,
  guard: { texts: (input) => [input.name] },
  write: ({ db }, actor, input) => insertGroup(db, actor.id, input.name),
  announce: (deps, group, { actor }) => announceJoined(deps, actor.id, group.id),
});
