// Which usernames a new name may not take: names that pass for Lamplight, its team or the system, and names
// that look like someone else's. Shared by the server, which decides, and the sign-up form, which answers early.

export const USERNAME_MESSAGES = {
  reserved: "That username is kept for Lamplight's team. Please choose another.",
  tooClose: "That username is too close to someone else's.",
} as const;

/**
 * Whole names that are never given out, however written: in any case, with digits or underscores around them
 * (admin1, _admin_), with underscores inside (a_i_helper) or with 1/l for i and 0 for o (adm1n, m0d).
 */
export const RESERVED_USERNAMES = [
  "admin",
  "admins",
  "administrator",
  "sysadmin",
  "superuser",
  "root",
  "system",
  "leader",
  "leaders",
  "group_leader",
  "youth_leader",
  "moderator",
  "moderators",
  "mod",
  "mods",
  "pastor",
  "youth_pastor",
  "reverend",
  "minister",
  "ministry",
  "church",
  "teacher",
  "lamplight",
  "support",
  "help",
  "helpdesk",
  "helper",
  "staff",
  "team",
  "official",
  "security",
  "safety",
  "owner",
  "ai",
  "ai_helper",
  "assistant",
  "bot",
  "deleted",
  "deleted_user",
  "unknown",
  "anonymous",
  "everyone",
  "here",
  "null",
  "undefined",
  "noreply",
  "postmaster",
  "webmaster",
] as const;

/** Words that mark a name as official wherever they stand between underscores: lamplight_support, mod_sam. */
const RESERVED_PARTS = [
  "admin",
  "administrator",
  "sysadmin",
  "moderator",
  "mod",
  "leader",
  "pastor",
  "lamplight",
  "official",
  "staff",
  "support",
  "system",
];

/** Words that do so even run together with others (superadmin, lamplightfan), but not inside (badminton). */
const RESERVED_AFFIXES = ["admin", "moderator", "lamplight", "official"];

const CONFUSABLES: Record<string, string> = { l: "i", "1": "i", "0": "o" };

/**
 * The form two usernames share when a reader could mistake one for the other: lower case, I/l/1 read alike,
 * O/0 read alike, runs of underscores as one, none at either end. `kid_one` and `KID__0NE_` are both `kid_one`.
 * The database keeps it in profiles.username_canonical (unique); migration 0010 defines the same function in
 * SQL, username_canonical(text), to fill existing rows, and a test holds the two to the same answers.
 */
export function canonicalUsername(username: string): string {
  return username
    .toLowerCase()
    .replace(/[l10]/g, (character) => CONFUSABLES[character] ?? character)
    .replace(/_+/g, "_")
    .replace(/^_|_$/g, "");
}

const squashed = (text: string) => text.replaceAll("_", "");
const reservedWholes = new Set(RESERVED_USERNAMES.map((name) => squashed(canonicalUsername(name))));
const reservedParts = new Set(RESERVED_PARTS.map(canonicalUsername));
const reservedAffixes = RESERVED_AFFIXES.map(canonicalUsername);

/**
 * The ways a piece of a name may be read: with the digits and underscores around it dropped before 1 and 0
 * count as letters (admin1 is admin), and with them kept (0fficial is official).
 */
function readings(text: string): string[] {
  return [canonicalUsername(text.replace(/^[\d_]+|[\d_]+$/g, "")), canonicalUsername(text)];
}

/** Whether a new username would pass for Lamplight, its team or the system (see RESERVED_USERNAMES). */
export function isReservedUsername(username: string): boolean {
  const lower = username.trim().toLowerCase();
  if (readings(lower).some((reading) => reservedWholes.has(squashed(reading)))) return true;
  return lower
    .split(/_+/)
    .flatMap(readings)
    .some(
      (part) =>
        part !== "" &&
        (reservedParts.has(part) ||
          reservedAffixes.some((word) => part.startsWith(word) || part.endsWith(word))),
    );
}
