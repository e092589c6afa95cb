import { MESSAGES } from "../../../../core/messages";
import { ACCOUNT_MESSAGES } from "../../../../core/schemas/profile";
import { AppError } from "../../../http/errors";
import { defineAction } from "../../../shared/action";
import { deleteAccount } from "../../profile";
import { requireOwnChild } from "../service";

type Input = {
  childId: string;
  password: string;
  /** The request's, so that Better Auth checks the password against the parent's own account. */
  headers: Headers;
};

/** 'Delete my child's account': after the parent's own password, everything of the child's goes at once. */
export const deleteChild = defineAction({
  name: "family/actions/delete-child",
  authorise: ({ db }, actor, input: Input) => requireOwnChild(db, actor.id, input.childId),
  // Counted before the password is checked, like every password guess.
  guard: { rate: "deleteAccount", unguarded: "deleting stores no words" },
  async write(deps, _actor, input) {
    const verified = await deps.auth.api.verifyPassword({
      body: { password: input.password },
      headers: input.headers,
      asResponse: true,
    });
    if (verified.status === 401) throw new AppError("not_authenticated", 401, MESSAGES.notAuthenticated);
    if (verified.status === 400) throw new AppError("wrong_password", 403, ACCOUNT_MESSAGES.wrongPassword);
    if (!verified.ok) throw new Error(`password check failed with ${verified.status}`);
    await deleteAccount(deps, input.childId);
    deps.sessions.forgetUser(input.childId);
  },
});
