import type { FamilyPermissions } from "../../../../core/family";
import { defineAction } from "../../../shared/action";
import { agreeToFamilyLink } from "../service";

/** 'I agree' on the consent page: the signed-in grown-up becomes the child's parent, and a waiting child's account opens. */
export const agree = defineAction({
  name: "family/actions/agree",
  // The token is the permission: it was mailed to the parent; who may agree is checked in the write.
  authorise: async (_deps, _actor, _input: { token: string; permissions?: FamilyPermissions }) => null,
  guard: { unguarded: "a parent's yes stores no words, and the token is used up once" },
  write: (deps, actor, input) => agreeToFamilyLink(deps, actor.id, input),
});
