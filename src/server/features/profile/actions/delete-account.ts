import { MESSAGES } from "../../../../core/messages";
import { userTopic } from "../../../../core/realtime";
import { ACCOUNT_MESSAGES } from "../../../../core/schemas/profile";
import { AppError } from "../../../http/errors";
import { defineAction } from "../../../shared/action";
import { deleteAccount as eraseAccount } from "../delete-account";

type Input = {
  password: string;
  /** The request's, so that Better Auth checks the password against the session's own account. */
  headers: Headers;
};

/** 'Delete account': everything of the reader's goes, once they have given their password again. */
export const deleteAccount = defineAction({
  name: "profile/actions/delete-account",
  // The password is checked in the write, after the attempt is counted: parallel guesses cannot pass the
  // count together.
  authorise: async () => {},
  guard: {
    rate: "deleteAccount",
    unguarded: "leaving stores no words, and a muted reader may still delete their account",
  },
  async write(deps, actor, input: Input) {
    // Better Auth checks the password with its own hashing.
    const verified = await deps.auth.api.verifyPassword({
      body: { password: input.password },
      headers: input.headers,
      asResponse: true,
    });
    if (verified.status === 401) throw new AppError("not_authenticated", 401, MESSAGES.notAuthenticated);
    if (verified.status === 400) throw new AppError("wrong_password", 403, ACCOUNT_MESSAGES.wrongPassword);
    if (!verified.ok) throw new Error(`password check failed with ${verified.status}`);
    const { groupIds } = await eraseAccount(deps, actor.id);
    deps.sessions.forgetUser(actor.id);
    return { groupIds };
  },
  // As leaving does: their open tabs stop carrying the groups at once. The account is gone either way.
  announce: async ({ bus, logger }, { groupIds }, { actor }) => {
    for (const groupId of groupIds) {
      await bus
        .publish({ topic: userTopic(actor.id), type: "membership", data: { groupId } })
        .catch((err) => logger.warn({ err }, "membership event after account deletion not published"));
    }
  },
});
