import { z } from "zod";
import "./zod-messages";
import { MESSAGES } from "../messages";
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
  avatarUrl: string | null;
  level: number;
  xp: number;
  createdAt: string;
  completedStories: number;
  /** Only ever the reader's own: the web shows leader tools by it; the server reads it afresh to decide. */
  role: Role;
};

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
