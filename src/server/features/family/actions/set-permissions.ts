import type { FamilyPermissions } from "../../../../core/family";
import { defineAction } from "../../../shared/action";
import { requireOwnChild, setFamilyPermissions } from "../service";

/** A parent's three switches for a child under 13; they apply from the child's next request. */
export const setPermissions = defineAction({
  name: "family/actions/set-permissions",
  authorise: ({ db }, actor, input: { childId: string; permissions: FamilyPermissions }) =>
    requireOwnChild(db, actor.id, input.childId),
  guard: { unguarded: "switches store no words" },
  write: (deps, actor, input) => setFamilyPermissions(deps, actor.id, input.childId, input.permissions),
});
