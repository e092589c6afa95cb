import type { ModerationCategory } from "../../../../core/schemas/moderation";
import type { ModerationVerdict, TextModerator } from "../types";
import { ADDRESS_PATTERNS, CASED_ADDRESS_PATTERNS, hasHouseAndStreet } from "./address";
import { EMAIL_PATTERNS } from "./email";
import { MEETUP_PATTERNS } from "./meetup";
import { hasPhone } from "./phone";
import { SOCIAL_PATTERNS } from "./social";
import { type Views, viewsOf } from "./views";
import { hasBadWord } from "./words";

// The embedded default (issue 6): a maintained word list and personal-information patterns, with no
// service to call. Children retell Bible stories here, so the list is tuned to let the Bible's own words
// through and the patterns to let verse references, times, counts and @mentions through.
// One file per kind of refusal (words, phone, email, address, social, meetup); views.ts makes the forms of a
// text that they read.

const some = (patterns: RegExp[], texts: string[]) =>
  texts.some((text) => patterns.some((pattern) => pattern.test(text)));

const CHECKS: [ModerationCategory, (views: Views) => boolean][] = [
  ["phone", ({ lower }) => lower.some(hasPhone)],
  ["email", ({ lower }) => some(EMAIL_PATTERNS, lower)],
  [
    "address",
    ({ lower, cased }) =>
      lower.some(hasHouseAndStreet) || some(ADDRESS_PATTERNS, lower) || some(CASED_ADDRESS_PATTERNS, cased),
  ],
  ["social", ({ lower }) => some(SOCIAL_PATTERNS, lower)],
  ["meetup", ({ lower }) => some(MEETUP_PATTERNS, lower)],
  ["language", ({ cased }) => cased.some(hasBadWord)],
];

/**
 * The verdict on one text, synchronously: the checks read it as written and as normalised (normalise.ts), and
 * refuse it if either is refused; the first category that applies names the refusal.
 */
export function checkLocally(text: string): ModerationVerdict {
  const views = viewsOf(text);
  for (const [category, applies] of CHECKS) {
    if (applies(views)) return { allowed: false, category };
  }
  return { allowed: true };
}

/** The embedded default: no network, no account, the same answer every time. */
export function createLocalModerator(): TextModerator {
  return {
    provider: "local",
    check: async (text) => checkLocally(text),
  };
}
