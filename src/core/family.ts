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
  /** Issue 26: push notifications on the child's phone or tablet. */
  { key: "notifications", label: "Notifications on phones and tablets", defaultOn: false },
] as const satisfies readonly { key: string; label: string; defaultOn: boolean }[];

export type FamilySwitchKey = (typeof FAMILY_SWITCHES)[number]["key"];

export type FamilyPermissions = Record<FamilySwitchKey, boolean>;

/** The switches as they start on the consent page. */
export const DEFAULT_FAMILY_PERMISSIONS: FamilyPermissions = Object.fromEntries(
  FAMILY_SWITCHES.map((item) => [item.key, item.defaultOn]),
) as FamilyPermissions;

/** Every sentence of the family loop, shared by the server's answers and the web's screens. */
export const FAMILY_MESSAGES = {
  /** The server's 403 and the web's note wherever a parent's switch is off. */
  turnedOff: "Your parent has turned this off.",
  /** Sign-up, under 13, under 'A parent's email'. */
  whyParentEmail: "You're under 13, so a parent says yes first. We never ask for your own email.",
  waitingTitle: "Ask your parent to check their email",
  waitingBody: (maskedEmail: string) =>
    `We sent a message to ${maskedEmail}. Your account opens once they say yes.`,
  wrongUsernameOrPassword: "That username and password don't match. Please try again.",
  /** A parent's bell and mail when the helper's trusted-adult check raised a child's question: never its words. */
  careAlert: (child: string) => `${child} asked the AI helper something that may need a grown-up's care.`,
  careAlertSubject: (child: string) => `${child} may need your care`,
  careAlertMore:
    "We never share the words of the question. A leader at your church has been told too. A calm, unhurried talk together may help.",
  mutedSubject: (child: string) => `A leader muted ${child} on Lamplight`,
  muted: (child: string, duration: string) =>
    `A leader muted ${child} for ${duration}: until then they can read, but not write in their study groups.`,
  removedSubject: (child: string) => `A leader removed something ${child} wrote on Lamplight`,
  removedPost: (child: string, title: string) =>
    `A leader removed ${child}'s post "${title}" from their study group.`,
  removedWriting: (child: string) => `A leader removed something ${child} wrote in their study group.`,
  leadersReason: (reason: string) => `The leader's reason: ${reason}`,
  /** The 403 of every route a waiting account calls. */
  waitingForParent: "Your account opens once your parent says yes.",
  sentAgain: "Sent again. Ask your parent to look in their inbox (and its spam folder).",
  tooManySends: "You've sent it 3 times this hour. Please wait a little and try again.",
  linkProblem: "This link has expired or was already used. Ask your child to press Send again.",
  tooManyParents: "Two parents or guardians are already linked to this account.",
  alreadyLinked: "You're already linked to this account.",
  /** A child's or a teen's own account cannot say yes for another child. */
  grownUpsOnly: "A parent's account must belong to a grown-up. Please sign in with your own account.",
  /** Any family route about a child who is not this parent's: the same answer as a child who does not exist. */
  childNotFound: "We couldn't find that child in your family.",
  parentsOnly: "Only parents and guardians can open this page.",
  teensOnly: "Adding a parent from the profile is for readers aged 13 to 17.",
  childUnder13Email: "Readers under 13 sign up with a parent's email, not their own.",
  parentEmailNeeded: "Please enter a parent's email",
  emailNeeded: "Please enter your email",
  birthYearNeeded: "Please choose your birth year",
  parentNoGroups: "Parent accounts look after their children and don't join study groups.",
  tooManyInvites: "Too many invitations for now. Please try again in an hour.",
  /** The web's panel where a switch is off, under turnedOff. */
  turnedOffHint: "If you'd like to use it, talk to them about it.",
  /** 'Your family' with no child linked. */
  noChildren: "No children linked yet.",
  noChildrenHint:
    "When your child signs up with your email and you say yes in the mail we send you, or another parent invites you, they appear here.",
  familyLoadFailed: "We couldn't load your family. Please try again.",
  /** A teen's card: their parent sees their progress, and the switches are only for children under 13. */
  teenNoSwitches:
    "Your teen runs their own account: you can see their progress, but not switch what they use.",
  switchesSaved: "Saved",
  lastActiveNever: "Not yet",
  inviteSent: (email: string) => `We sent an invitation to ${email}.`,
  childPasswordSet: (username: string) =>
    `${username}'s new password is set. They are signed out everywhere; tell them their new password.`,
  deleteChildWarning: (username: string) =>
    `This deletes ${username}'s account and everything they made, at once. It cannot be undone. You may want to download their data first.`,
  /** A teen's profile, under 'Add a parent'. */
  addParentIntro: "A parent you add sees your progress, your achievements and the names of your groups.",
  noParentsYet: "No parent is linked yet.",
  childDeleted: (username: string) => `${username}'s account and everything they made were deleted.`,
  childDataSaved: (fileName: string) => `Their data was saved as ${fileName}.`,
  /** The waiting screen, when it could not read where the mail went. */
  waitingLoadFailed: "We couldn't check on your account. Please try again.",
  /** The consent page (/family/consent). */
  linkProblemTitle: "This link doesn't work",
  consentTitle: (username: string) => `${username} would like to join Lamplight`,
  invitationTitle: (username: string) => `You're invited to ${username}'s family on Lamplight`,
  linkSentTo: (maskedEmail: string) => `We sent this link to ${maskedEmail}.`,
  switchesIntro: "You can change these at any time on 'Your family'.",
  parentAccountIntro: "You'll use it to see how your child is doing and to change what they may do.",
  parentSignInFailed: "That email and password don't match an account.",
  accountOpen: (username: string) => `${username}'s account is open.`,
  declineWarning: (username: string) =>
    `This deletes ${username}'s account and everything they made, at once. It cannot be undone.`,
  declinedTitle: "The account has been deleted.",
  declinedBody: "Nothing of it is kept. Your child can sign up again with you whenever you're ready.",
} as const;

/** The first letter of an address, then dots, then its domain: "p•••@example.org". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}

/**
 * Child accounts have no email; Better Auth still needs one, so each gets an address on a domain that can never
 * receive mail (RFC 2606's `.invalid`). Nothing is ever sent to it, and it is never shown.
 */
export const CHILD_EMAIL_DOMAIN = "children.lamplight.invalid";
export const isChildPlaceholderEmail = (email: string) =>
  email.toLowerCase().endsWith(`@${CHILD_EMAIL_DOMAIN}`);
