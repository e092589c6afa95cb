import { defineAction } from "../../../shared/action";
import { requireOwnChild } from "../service";

/**
 * 'Reset password' for a child: children have no email, so their parent sets the new one. Every session of the
 * child ends, as after any reset.
 */
export const resetChildPassword = defineAction({
  name: "family/actions/reset-child-password",
  authorise: ({ db }, actor, input: { childId: string; newPassword: string }) =>
    requireOwnChild(db, actor.id, input.childId),
  guard: { unguarded: "a password is no words anyone reads" },
  async write(deps, _actor, input) {
    const context = await deps.auth.$context;
    const hash = await context.password.hash(input.newPassword);
    await context.internalAdapter.updatePassword(input.childId, hash);
    await context.internalAdapter.deleteUserSessions(input.childId);
    deps.sessions.forgetUser(input.childId);
  },
});
