import { z } from "zod";
import { isPrivileged, type Role } from "../roles";
import "./zod-messages";

// Child safety (issue 6): roles, what a kind refusal says, reports and the leader's actions. The contract
// between the moderation routes, the write routes that check text, and the screens.

export { isPrivileged, ROLES, type Role } from "../roles";

/** What a refused text is about; each has its own kind, specific message. */
export const MODERATION_CATEGORIES = [
  "phone",
  "email",
  "address",
  "social",
  "meetup",
  "language",
  "provider",
] as const;
export type ModerationCategory = (typeof MODERATION_CATEGORIES)[number];

export const MODERATION_MESSAGES: Record<ModerationCategory, string> = {
  phone: "Please don't share phone numbers here.",
  email: "Please don't share email addresses here.",
  address: "Please don't share where you live here.",
  social: "Please don't share social media accounts here.",
  meetup: "Please don't arrange to meet people here. Talk with a parent or leader first.",
  language: "Please use kind, clean words here.",
  provider: "That message can't be shared here. Please say it another way.",
};

/** A muted member can read but not write; the message says until when. */
export const mutedMessage = (until: Date) =>
  `A leader has paused your posting until ${until.toUTCString().replace(/:\d\d GMT$/, " UTC")}. You can still read.`;

/** An avatar report's target is the picture's owner (their user id): a profile picture has no id of its own. */
export const REPORT_TARGET_TYPES = ["post", "comment", "message", "avatar"] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = [
  { id: "unkind", label: "Unkind or bullying" },
  { id: "inappropriate", label: "Not right for children" },
  { id: "personal_info", label: "Shares personal information" },
  { id: "spam", label: "Spam" },
  { id: "other", label: "Something else" },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]["id"];

/** This many open reports hide an item until a leader acts. */
export const REPORTS_TO_HIDE = 3;
export const REPORT_NOTE_MAX_LENGTH = 500;
export const ACTION_REASON_MAX_LENGTH = 500;

export const REPORT_MESSAGES = {
  thanks: "Thanks for telling us. A leader will take a look.",
  alreadyReported: "You've already reported this. A leader will take a look.",
  reasonRequired: "Please choose what's wrong.",
  noteTooLong: `Notes can be at most ${REPORT_NOTE_MAX_LENGTH} characters.`,
  notFound: "That does not exist any more.",
  leadersOnly: "Only leaders can see this.",
  adminsOnly: "Only admins can see this.",
  actionReasonRequired: "Please say why, for the record.",
  reportNotFound: "That report does not exist any more.",
} as const;

export const reportSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES, { error: REPORT_MESSAGES.notFound }),
  targetId: z.string().trim().min(1, REPORT_MESSAGES.notFound).max(100, REPORT_MESSAGES.notFound),
  reason: z.enum(REPORT_REASONS.map((reason) => reason.id) as [ReportReason, ...ReportReason[]], {
    error: REPORT_MESSAGES.reasonRequired,
  }),
  note: z.string().trim().max(REPORT_NOTE_MAX_LENGTH, REPORT_MESSAGES.noteTooLong).optional(),
  /**
   * For a profile picture: the group where the reporter saw it, which both must belong to. Posts, comments and
   * messages carry their own group.
   */
  groupId: z.string().trim().max(100, REPORT_MESSAGES.notFound).optional(),
});

/** remove_avatar is for profile pictures only; hide and delete for posts, comments and messages only. */
export const LEADER_ACTIONS = ["dismiss", "delete", "hide", "mute", "remove_avatar"] as const;
export type LeaderAction = (typeof LEADER_ACTIONS)[number];
export const MUTE_DURATIONS = { "24h": 24 * 60 * 60 * 1000, "7d": 7 * 24 * 60 * 60 * 1000 } as const;
export type MuteDuration = keyof typeof MUTE_DURATIONS;

export const leaderActionSchema = z
  .object({
    action: z.enum(LEADER_ACTIONS, { error: "Please choose an action." }),
    /** Only for mute: how long the author may not write. */
    muteFor: z.enum(["24h", "7d"], { error: "Please choose 24 hours or 7 days." }).optional(),
    reason: z
      .string({ error: REPORT_MESSAGES.actionReasonRequired })
      .trim()
      .min(1, REPORT_MESSAGES.actionReasonRequired)
      .max(ACTION_REASON_MAX_LENGTH),
  })
  .refine((value) => value.action !== "mute" || value.muteFor !== undefined, {
    message: "Please choose 24 hours or 7 days.",
    path: ["muteFor"],
  });

export type ReportedItem = {
  targetType: ReportTargetType;
  targetId: string;
  groupId: string;
  groupName: string;
  /** The words as written (a post's title and content, a comment, a message); null once deleted, and for a picture. */
  text: string | null;
  /** For a picture: the owner. */
  author: { id: string; username: string | null } | null;
  hidden: boolean;
  /** For a profile picture: the uploaded one its owner shows now; null once removed or changed to a built-in one. */
  pictureUrl: string | null;
};

export type QueueReport = {
  id: string;
  reason: ReportReason;
  note: string | null;
  createdAt: string;
  reporter: { id: string; username: string | null } | null;
  /** Open reports of the same item, this one included. */
  reportCount: number;
  item: ReportedItem;
};

export type AuditEntry = {
  id: number;
  action: string;
  targetType: string;
  targetId: string;
  reason: string;
  details: Record<string, unknown>;
  createdAt: string;
  actor: { id: string; username: string | null } | null;
};

/* Route shapes:
 * POST /api/reports { targetType, targetId, reason, note? } → 201 { message: thanks } (members of the item's
 *      group only; a second report by the same member → 200 { message: alreadyReported }; the third open
 *      report hides the item)
 * GET  /api/leader/queue?cursor=          → { reports: QueueReport[], nextCursor } open reports, oldest first
 *      (leaders and admins; others 403 leadersOnly)
 * POST /api/leader/reports/{id}/action { action, muteFor?, reason } → { report: { id, status } }
 *      dismiss: the report (and the item's other open reports) closed, a hidden item shown again;
 *      delete: the item removed; hide: the item hidden; mute: the author muted for 24 h or 7 days;
 *      remove_avatar (profile pictures only): the owner's uploaded picture removed (409 when already gone).
 *      Every action writes one audit_log row (who, what, when, why).
 * GET  /api/leader/audit?cursor=          → { entries: AuditEntry[], nextCursor } newest first (admins only)
 * Any write by a muted user → 403 mutedMessage(until); a refused text → 422 MODERATION_MESSAGES[category].
 */

// ── Mutes: who may mute whom, and lifting one before it ends (issue 17) ──

/**
 * A leader mutes members; only an admin mutes a leader or an admin (or lifts their mute), so that leaders
 * cannot silence one another. Whoever may mute someone may lift that mute early.
 */
export function canMute(actorRole: Role | null | undefined, targetRole: Role | null | undefined): boolean {
  if (!isPrivileged(actorRole)) return false;
  return isPrivileged(targetRole) ? actorRole === "admin" : true;
}

export const MUTE_MESSAGES = {
  adminsOnly: "Only an admin can mute a leader or an admin, or lift their mute.",
  notMuted: "That member is not muted any more.",
  memberNotFound: "That member does not exist any more.",
} as const;

export const liftMuteSchema = z.object({
  reason: z
    .string({ error: REPORT_MESSAGES.actionReasonRequired })
    .trim()
    .min(1, REPORT_MESSAGES.actionReasonRequired)
    .max(ACTION_REASON_MAX_LENGTH),
});

/** Someone muted now, as the leader review lists them; `canLift` says whether the viewer may lift it. */
export type MutedMember = {
  user: { id: string; username: string | null };
  mutedUntil: string;
  canLift: boolean;
};

/* Route shapes:
 * GET  /api/leader/mutes                     → { mutes: MutedMember[] } muted now, soonest to end first (leaders)
 * POST /api/leader/mutes/{userId}/lift { reason } → { user: { id }, mutedUntil: null }: the mute ends now, one
 *      audit row (action "unmute", target the user, the mute's end in details). A leader lifting a leader's or
 *      an admin's mute → 403 adminsOnly; nobody muted → 409 notMuted; no such member → 404 memberNotFound.
 * Muting by a report action follows canMute too: a leader muting a leader or an admin → 403 adminsOnly.
 */

// ── Media from members, held until a leader approves it (the group's "approve media first", on by default) ──

export const MEDIA_REVIEW_ACTIONS = ["approve", "reject"] as const;
export type MediaReviewAction = (typeof MEDIA_REVIEW_ACTIONS)[number];

/**
 * What an upload answers (422) when the moderation model flagged the picture (issue 18): kind, and never what
 * the model saw.
 */
export const PICTURE_REFUSED = "That picture can't be shared here.";

export const MEDIA_MESSAGES = {
  /** What the author sees under their own pending photo or video, and what the upload answers. */
  pendingForAuthor: "Only you can see this until a leader approves it.",
  /** What other members see in its place. */
  pendingForOthers: "A photo or video here is waiting for a leader's approval.",
  approved: "A leader approved the photo or video on your post.",
  rejected: "A leader did not approve the photo or video on your post, so it was removed.",
  notPending: "That photo or video is no longer waiting for approval.",
  settingLeadersOnly: "Only a leader can change whether photos and videos need approval.",
} as const;

export const mediaReviewSchema = z.object({
  action: z.enum(MEDIA_REVIEW_ACTIONS, { error: "Please choose approve or reject." }),
  /** Optional for approve; the audit log keeps it. */
  reason: z.string().trim().max(ACTION_REASON_MAX_LENGTH).optional(),
});

export const groupSettingsSchema = z.object({
  approveMediaFirst: z.boolean({ error: "Please say whether media needs approval first." }),
});

export type PendingMedia = {
  postId: string;
  groupId: string;
  groupName: string;
  title: string;
  mediaUrl: string;
  mediaType: "image" | "video";
  createdAt: string;
  author: { id: string; username: string | null } | null;
};

// ── Profile pictures (issue 18): members' uploads wait for a leader; any uploaded one can be removed ──

export const AVATAR_REVIEW_MESSAGES = {
  approved: "A leader approved your profile picture. Everyone can see it now.",
  rejected: "A leader did not approve your profile picture, so it was removed.",
  removed: "A leader removed your profile picture.",
  notPending: "That picture is no longer waiting for approval.",
  /** Already removed, or its owner changed it since the leader looked. */
  gone: "That picture has already been removed or changed.",
  /** A report action that does not fit what was reported. */
  wrongAction: "That action does not fit what was reported.",
} as const;

/** Approve or reject a waiting picture: the picture the leader saw, so that a newer one is never decided unseen. */
export const avatarReviewSchema = z.object({
  action: z.enum(MEDIA_REVIEW_ACTIONS, { error: "Please choose approve or reject." }),
  pictureUrl: z.string().max(500),
  /** Optional, as for photos and videos; the audit log keeps it. */
  reason: z.string().trim().max(ACTION_REASON_MAX_LENGTH).optional(),
});

/** Remove a member's uploaded picture outside a report: why is asked, as for every other removal. */
export const removeAvatarSchema = z.object({
  pictureUrl: z.string().max(500),
  reason: z
    .string({ error: REPORT_MESSAGES.actionReasonRequired })
    .trim()
    .min(1, REPORT_MESSAGES.actionReasonRequired)
    .max(ACTION_REASON_MAX_LENGTH),
});

export type PendingAvatar = {
  userId: string;
  username: string | null;
  pictureUrl: string;
  /** When the owner uploaded it. */
  submittedAt: string;
};

/* Route shapes:
 * GET  /api/leader/avatars?cursor=              → { avatars: PendingAvatar[], nextCursor } oldest first (leaders)
 * POST /api/leader/avatars/{userId}/action { action, pictureUrl, reason? } → { userId, avatarUrl }
 *      approve: the picture becomes the one others see; reject: its file is removed. 409 notPending when that
 *      picture no longer waits (decided by another leader, or replaced); the owner is notified; one audit row
 *      (approve_avatar, reject_avatar).
 * POST /api/leader/avatars/{userId}/remove { pictureUrl, reason } → { userId, avatarUrl: null }: the uploaded
 *      picture others see is removed, its open reports closed; one audit row (remove_avatar); 409 gone.
 * POST /api/reports { targetType: "avatar", targetId: ownerId, groupId, reason, note? } as for other items:
 *      both must be members of the group, the owner must show an uploaded picture, and not be the reporter.
 */

// ── AI guardrails: what was raised for leaders ──

export const AI_FLAG_KINDS = [
  "risky_question",
  "withheld_answer",
  "withheld_story",
  "withheld_share",
  "withheld_image",
] as const;
export type AiFlagKind = (typeof AI_FLAG_KINDS)[number];

export const AI_FLAG_LABELS: Record<AiFlagKind, string> = {
  risky_question: "A question that may need a grown-up's care",
  withheld_answer: "An AI answer was withheld",
  withheld_story: "AI story text was withheld",
  withheld_share: "An AI share draft was withheld",
  /** A flagged prompt (never drawn), or a drawn picture the moderation model flagged (issue 18). */
  withheld_image: "An AI picture was withheld",
};

/** What the child sees instead of a withheld AI output: kind, never alarming, never the output itself. */
export const GUARDRAIL_MESSAGES = {
  answer:
    "I'm sorry, I can't share that answer. Try asking about a Bible story in a different way, or talk with a parent or leader.",
  story: "This part of the story couldn't be shown. Please try again.",
  leaderNotice: "A child's question may need a grown-up's care. Please look at the review queue.",
  leaderMailSubject: "A child may need a grown-up's care",
  leaderMailButton: "Open the review queue",
} as const;

/**
 * The batched report mails (issue 25) and the profile toggle that turns them off. Counts only: a mail never
 * quotes what was reported, nor who reported it.
 */
export const REPORT_MAIL_MESSAGES = {
  subject: "Reports wait in the Lamplight review queue",
  waiting: (count: number) =>
    count === 1 ? "1 report waits in the review queue." : `${count} reports wait in the review queue.`,
  openQueue: "To look at them, open the review queue.",
  openQueueButton: "Open the review queue",
  batching: "Lamplight sends at most one of these mails every 15 minutes.",
  toggleLabel: "Email me about reports",
  toggleHelp:
    "At most one mail every 15 minutes, with how many reports wait. Alerts about a child who may need care always come.",
  saved: "Saved",
  saveFailed: "That change was not saved. Please try again.",
} as const;

/**
 * Care alerts by email (issue 25): a high-priority flag mails every admin and the leaders of the child's groups.
 * A leader cannot turn it off; an admin can, for a leader who is not responsible for children's care.
 */
export const careMailsSchema = z
  .object({ on: z.boolean({ error: "Please say whether to email care alerts." }) })
  .strict();

export type CareMailsSetting = z.infer<typeof careMailsSchema>;

/** A leader as the admin's 'Care alerts' list shows them. */
export type CareMailsLeader = { id: string; username: string | null; careMails: boolean };

/** At most this many leaders are listed (a ministry has a handful; more means something is wrong). */
export const CARE_MAILS_LIST_LIMIT = 500;

export const CARE_MAIL_MESSAGES = {
  tab: "Care alerts",
  heading: "Care alerts by email",
  help: "When a child's question may need a trusted adult, every admin and the leaders of the child's groups get an email at once. Turn it off only for a leader who is not responsible for children's care: they still see each alert in their bell.",
  leaderColumn: "Leader",
  mailColumn: "Email care alerts",
  switchLabel: (username: string) => `Email care alerts to ${username}`,
  empty: "No leaders yet. Leaders get care alerts by email unless an admin turns them off here.",
  noUsername: "(no username yet)",
  notLeader: "Only a leader's care-alert emails can be turned off.",
  notFound: "That leader was not found.",
  auditOn: "Care alerts by email turned on",
  auditOff: "Care alerts by email turned off: not responsible for children's care",
  saved: "Saved",
  saveFailed: "That change was not saved. Please try again.",
} as const;

export const AI_FLAG_ACTIONS = ["reviewed", "dismiss"] as const;
export type AiFlagAction = (typeof AI_FLAG_ACTIONS)[number];

export const aiFlagActionSchema = z.object({
  action: z.enum(AI_FLAG_ACTIONS, { error: "Please choose an action." }),
  reason: z
    .string({ error: REPORT_MESSAGES.actionReasonRequired })
    .trim()
    .min(1, REPORT_MESSAGES.actionReasonRequired)
    .max(ACTION_REASON_MAX_LENGTH),
});

export type AiFlag = {
  id: string;
  kind: AiFlagKind;
  priority: "high" | "normal";
  createdAt: string;
  user: { id: string; username: string | null };
  /** The story it was about, for story text, share drafts and images. */
  story: { slug: string; title: string } | null;
  conversationId: string | null;
  /** What the child asked or wrote. */
  input: string;
  /** The withheld output; null for a risky question, which never reaches an AI. */
  output: string | null;
};

/* Route shapes, continued:
 * PUT  /api/groups/{id}/settings { approveMediaFirst } → { approveMediaFirst } (a leader or admin who is a
 *      member; others, the group's owner included, 403 settingLeadersOnly)
 * GET  /api/leader/media?cursor=                 → { media: PendingMedia[], nextCursor } oldest first (leaders)
 * POST /api/leader/media/{postId}/action { action, reason? } → { postId, mediaStatus: "approved" | null }
 *      approve: everyone in the group sees it; reject: the file is removed and the post stays without it.
 *      The author is notified either way; one audit row each.
 * GET  /api/leader/flags?cursor=                 → { flags: AiFlag[], nextCursor } open, high priority first (leaders)
 * POST /api/leader/flags/{id}/action { action, reason } → { flag: { id, status } } one audit row
 * GET  /api/profile/export                       → the user's data as a JSON download
 * DELETE /api/profile { password }               → 204: account, personal data and files gone; posts, comments
 *      and messages stay, by "deleted user"
 */
