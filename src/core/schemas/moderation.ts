import { z } from "zod";
import "./zod-messages";

// Child safety (issue 6): roles, what a kind refusal says, reports and the leader's actions. The contract
// between the moderation routes, the write routes that check text, and the screens.

export const ROLES = ["member", "leader", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** The spec's "privileged profile": leaders moderate; admins also manage users and read the audit log. */
export const isPrivileged = (role: Role | null | undefined) => role === "leader" || role === "admin";

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

export const REPORT_TARGET_TYPES = ["post", "comment", "message"] as const;
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
});

export const LEADER_ACTIONS = ["dismiss", "delete", "hide", "mute"] as const;
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
  /** The words as written (a post's title and content, a comment, a message); null once deleted. */
  text: string | null;
  author: { id: string; username: string | null } | null;
  hidden: boolean;
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
 *      delete: the item removed; hide: the item hidden; mute: the author muted for 24 h or 7 days.
 *      Every action writes one audit_log row (who, what, when, why).
 * GET  /api/leader/audit?cursor=          → { entries: AuditEntry[], nextCursor } newest first (admins only)
 * Any write by a muted user → 403 mutedMessage(until); a refused text → 422 MODERATION_MESSAGES[category].
 */
