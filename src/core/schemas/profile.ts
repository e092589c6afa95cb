import { z } from "zod";
import "./zod-messages";
import { BUILT_IN_AVATARS, type BuiltInAvatarId } from "../avatars";
import { MESSAGES } from "../messages";
import type { ReadingSettings } from "../reading-settings";
import { MAX_PASSWORD_LENGTH, newUsernameSchema } from "./auth";
import type { Role } from "./moderation";

export const BIO_MAX_LENGTH = 500;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Spec §5: an empty username or bio, once trimmed, is sent (and stored) as null. */
const blankToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

export const profileUpdateSchema = z
  .object({
    // A changed name is a new name: reserved ones are refused as at sign-up (the form sends only changes).
    username: z.preprocess(blankToNull, newUsernameSchema.nullable()).optional(),
    bio: z
      .preprocess(blankToNull, z.string().trim().max(BIO_MAX_LENGTH, MESSAGES.bioTooLong).nullable())
      .optional(),
  })
  .strict();

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export type Profile = {
  id: string;
  username: string | null;
  bio: string | null;
  /**
   * The picture its owner sees: their uploaded one still waiting for a leader (issue 18), else the one everyone
   * who may see it is shown. Only the reader's own profile carries a waiting picture.
   */
  avatarUrl: string | null;
  /** Whether avatarUrl is waiting for a leader: until then others see the first letter of the username. */
  avatarPending: boolean;
  level: number;
  xp: number;
  createdAt: string;
  completedStories: number;
  /** Only ever the reader's own: the web shows leader tools by it; the server reads it afresh to decide. */
  role: Role;
  /** How story text and the helper's answers look to this reader (issue 23). */
  readingSettings: ReadingSettings;
  /** Leaders and admins only: 'Email me about reports' (issue 25). Absent for everyone else. */
  reportMails?: boolean;
  /** The same people only: 'Weekly summary by email' (issue 25). Absent for everyone else. */
  weeklyDigest?: boolean;
};

/** PUT /api/profile/report-mails: turns the batched report mails on or off (high-priority alerts always come). */
export const reportMailsSchema = z
  .object({ on: z.boolean({ error: "Please say whether to send report mails." }) })
  .strict();

export type ReportMailsSetting = z.infer<typeof reportMailsSchema>;

/** PUT /api/profile/weekly-digest: turns the Monday summary on or off (the time zone comes with the request). */
export const weeklyDigestSchema = z
  .object({ on: z.boolean({ error: "Please say whether to send the weekly summary." }) })
  .strict();

export type WeeklyDigestSetting = z.infer<typeof weeklyDigestSchema>;

// ── Unsubscribe (issue 25): the optional mails carry a link that turns them off without signing in ──

/** The mails one can stop from the mail itself; a child's care alerts are not among them. */
export const UNSUBSCRIBE_TOPICS = ["reports", "digest"] as const;
export type UnsubscribeTopic = (typeof UNSUBSCRIBE_TOPICS)[number];

/**
 * POST /api/mail/unsubscribe?user=…&topic=…&token=…: the link's own words, in its query string (a mail program's
 * one-click POST sends no body of ours). The token is the server's signature of the user and the topic.
 */
export const unsubscribeSchema = z
  .object({
    user: z.string().trim().min(1).max(100),
    topic: z.enum(UNSUBSCRIBE_TOPICS, { error: "This link doesn't say which emails to stop." }),
    token: z.string().trim().min(1).max(200),
  })
  .strict();

export type UnsubscribeInput = z.infer<typeof unsubscribeSchema>;

export const UNSUBSCRIBE_MESSAGES = {
  /** At the foot of each optional mail, before its link. */
  mailNote: {
    reports:
      "Don't want these emails? Stop them with one click (or turn off 'Email me about reports' on your profile):",
    digest:
      "Don't want these emails? Stop them with one click (or turn off 'Weekly summary by email' on your profile):",
  },
  title: "Stop These Emails",
  question: {
    reports: "Stop the emails about reports in your groups?",
    digest: "Stop the weekly summary by email?",
  },
  button: "Stop these emails",
  working: "Stopping...",
  done: {
    reports:
      "Done. You won't get emails about reports any more. You can turn them back on from your profile.",
    digest: "Done. You won't get the weekly summary any more. You can turn it back on from your profile.",
  },
  badLink: "This link doesn't work. Sign in and change your email settings on your profile.",
} as const;

// ── Profile pictures (issue 18): built-in ones need no approval; a member's upload waits for a leader ──

export const AVATAR_MESSAGES = {
  /** On the owner's profile while their uploaded picture waits. */
  pendingForOwner: "Waiting for a leader to approve your picture. Others see your first letter until then.",
  chooseBuiltIn: "Please choose one of the pictures.",
  memberNotFound: "That member does not exist any more.",
} as const;

const builtInAvatarIds = BUILT_IN_AVATARS.map((avatar) => avatar.id) as [
  BuiltInAvatarId,
  ...BuiltInAvatarId[],
];

/** PUT /api/profile/avatar/built-in: one of the pictures that ship with the app, by its id. */
export const builtInAvatarSchema = z.object({
  id: z.enum(builtInAvatarIds, { error: AVATAR_MESSAGES.chooseBuiltIn }),
});

export type BuiltInAvatarRequest = z.infer<typeof builtInAvatarSchema>;

/** What an avatar change answers: the picture its owner now sees, and whether it waits for a leader. */
export type AvatarChange = { avatarUrl: string | null; avatarPending: boolean };

/**
 * Another member's card, as someone who shares a group with them sees it: never their waiting picture, their
 * email or their role.
 */
export type MemberProfile = {
  id: string;
  username: string | null;
  bio: string | null;
  avatarUrl: string | null;
  level: number;
  /** For leaders and admins only (issue 24): a parent or guardian is linked to this member; null for others. */
  parentAgreed: boolean | null;
};

/* Route shapes:
 * POST /api/profile/avatar (multipart `file`)  → AvatarChange. A member's picture waits for a leader
 *      (avatarPending: true; others see the first letter meanwhile); a leader's or an admin's shows at once.
 * PUT  /api/profile/avatar/built-in { id }     → AvatarChange (avatarPending: false): no approval needed.
 * GET  /api/profile/members/{userId}?groupId=  → MemberProfile, when both are members of that group; else 404.
 */

/** 'Your data' on the profile: downloading everything, and deleting the account. */
export const ACCOUNT_MESSAGES = {
  passwordRequired: "Please type your password.",
  wrongPassword: "That password is not right.",
  tooManyAttempts: "Too many wrong passwords. Please wait 15 minutes and try again.",
  downloadFailed: "Your data could not be downloaded. Please try again.",
} as const;

/** DELETE /api/profile: the account's own password, asked again so that an open device cannot do it alone. */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_MESSAGES.passwordRequired)
    // No longer password can be right; it is refused before any hashing work.
    .max(MAX_PASSWORD_LENGTH, ACCOUNT_MESSAGES.wrongPassword),
});

export type DeleteAccountRequest = z.infer<typeof deleteAccountSchema>;

/** The export's file name, by the day it was made (UTC): `lamplight-data-2026-05-01.json`. */
export const dataExportFileName = (at: Date) => `lamplight-data-${at.toISOString().slice(0, 10)}.json`;
