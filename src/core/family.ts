// Families (issue 24): the states of an account, the family links mailed to parents, and what a parent is told
// before saying yes (shared by the consent mail and the consent page, so that both say the same thing). Without
// zod, so the web can import it as it is.

/**
 * 'active': the account works as any other (every account made before families existed, and every 13+ one).
 * 'waiting_for_parent': a child under 13 whose parent has not yet agreed; it sees only the waiting screen.
 */
export const ACCOUNT_STATES = ["active", "waiting_for_parent"] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

/** A parent's consent for a new child, or a parent's invitation to a second parent or guardian. */
export const FAMILY_LINK_KINDS = ["consent", "invitation"] as const;
export type FamilyLinkKind = (typeof FAMILY_LINK_KINDS)[number];

/** A consent or invitation link works once, for this long. */
export const FAMILY_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A child may be linked to at most this many parents or guardians. */
export const MAX_PARENTS_PER_CHILD = 2;

/** What Lamplight keeps about a child, in words a parent understands at a glance. */
export const WHAT_WE_KEEP: readonly string[] = [
  "Their username",
  "Their birth year (only the year)",
  "Their reading progress and XP",
  "What they write in study groups and to the AI helper",
  "Photos and videos they share, only if you allow them",
];

/** What a parent chooses for a child on the consent page, and how each choice starts; all can be changed later. */
export const FAMILY_SWITCHES = [
  { key: "groups", label: "Study groups and chat", defaultOn: true },
  { key: "aiHelper", label: "AI helper", defaultOn: true },
  { key: "media", label: "Photos and videos", defaultOn: false },
] as const satisfies readonly { key: string; label: string; defaultOn: boolean }[];

export type FamilySwitchKey = (typeof FAMILY_SWITCHES)[number]["key"];
