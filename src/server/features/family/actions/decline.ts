import { defineAction } from "../../../shared/action";
import { deleteAccount } from "../../profile";
import { redeemDeclineLink } from "../service";

/**
 * 'No, delete this account': the waiting child's account and everything it made go at once (one transaction,
 * then its files), as account deletion always does. Whoever holds the mailed link may say no.
 */
export const decline = defineAction({
  name: "family/actions/decline",
  authorise: async (_deps, _actor, _input: { token: string }) => null,
  guard: { unguarded: "saying no stores no words; the token is used up once" },
  async write(deps, _actor, input) {
    const childId = await redeemDeclineLink(deps.db, input.token);
    await deleteAccount(deps, childId);
    deps.sessions.forgetUser(childId);
  },
});
