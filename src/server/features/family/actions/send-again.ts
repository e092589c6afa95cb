import { defineAction } from "../../../shared/action";
import { sendConsentAgain } from "../service";

/** The waiting screen's 'Send again': a new consent link to the parent, at most 3 an hour. */
export const sendAgain = defineAction({
  name: "family/actions/send-again",
  authorise: async (_deps, _actor, _input: Record<string, never>) => null,
  guard: { unguarded: "it stores no words; the mails are limited per child and per address in the write" },
  write: (deps, actor) => sendConsentAgain(deps, actor),
});
