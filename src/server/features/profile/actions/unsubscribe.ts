import { eq } from "drizzle-orm";
import { UNSUBSCRIBE_MESSAGES, type UnsubscribeInput } from "../../../../core/schemas/profile";
import { profiles } from "../../../db/schema";
import { AppError } from "../../../http/errors";
import { defineAction } from "../../../shared/action";
import { isUnsubscribeToken } from "../unsubscribe";

/**
 * A mail's 'Stop these emails' link: turns that topic's mails off for the reader the link was made for. The
 * signed link is the authority (no session: it is opened from a mail, perhaps on another device); a link that
 * is not this deployment's signature changes nothing.
 */
export const unsubscribe = defineAction({
  name: "profile/actions/unsubscribe",
  authorise: async ({ config }, _actor, input: UnsubscribeInput) => {
    if (!isUnsubscribeToken(config.authSecret, input.user, input.topic, input.token))
      throw new AppError("bad_unsubscribe_link", 403, UNSUBSCRIBE_MESSAGES.badLink);
  },
  guard: {
    unguarded: "turns one of the reader's own mails off, and nothing else; the signed link stands for them",
  },
  write: async ({ db }, _actor, input: UnsubscribeInput) => {
    const [row] = await db
      .update(profiles)
      .set(input.topic === "reports" ? { reportMails: false } : { weeklyDigest: false })
      .where(eq(profiles.id, input.user))
      .returning({ id: profiles.id });
    // Signed by us, but the account is gone since: there is nothing left to mail.
    if (!row) throw new AppError("bad_unsubscribe_link", 404, UNSUBSCRIBE_MESSAGES.badLink);
    return { topic: input.topic, on: false };
  },
});
