import { createHmac, timingSafeEqual } from "node:crypto";
import { UNSUBSCRIBE_MESSAGES, type UnsubscribeTopic } from "../../../core/schemas/profile";
import type { Unsubscribe } from "../../shared/mail-template";

// The way out of an optional mail (issue 25): its link names the reader and the topic, signed with the
// deployment's secret, so that it turns that one mail off for that one reader without signing in, and nothing
// else. The page asks first (a mail scanner that opens links must not unsubscribe anyone); a mail program's own
// 'Unsubscribe' button posts to the API link directly (RFC 8058).

export type UnsubscribeConfig = { appUrl: string; authSecret: string };

function signature(secret: string, userId: string, topic: UnsubscribeTopic): Buffer {
  return createHmac("sha256", secret).update(`unsubscribe:${topic}:${userId}`).digest();
}

/** The links at the foot of the mail and in its List-Unsubscribe header. */
export function unsubscribeLinks(
  config: UnsubscribeConfig,
  userId: string,
  topic: UnsubscribeTopic,
): Unsubscribe {
  const params = new URLSearchParams({
    user: userId,
    topic,
    token: signature(config.authSecret, userId, topic).toString("base64url"),
  });
  return {
    note: UNSUBSCRIBE_MESSAGES.mailNote[topic],
    // The page reads its words from the fragment, which never reaches a server log.
    pageUrl: `${config.appUrl}/unsubscribe#${params}`,
    oneClickUrl: `${config.appUrl}/api/mail/unsubscribe?${params}`,
  };
}

/** Whether the token is this deployment's signature of this reader and topic (compared in constant time). */
export function isUnsubscribeToken(
  secret: string,
  userId: string,
  topic: UnsubscribeTopic,
  token: string,
): boolean {
  const expected = signature(secret, userId, topic);
  const given = Buffer.from(token, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
