import { z } from "zod";

/** The spec's words (§8) and ours for 'Admin Delete'. */
export const ADMIN_DELETE_MESSAGES = {
  /** The spec's alert for a wrong password or a post that could not be deleted; deliberately one message. */
  failed: "Invalid admin password or error deleting post",
  disabled: "Admin delete is turned off on this server.",
  tooManyAttempts: "Too many admin password attempts. Please wait 15 minutes and try again.",
  passwordRequired: "Please type the admin password.",
} as const;

export const ADMIN_PASSWORD_MAX_LENGTH = 200;

export const adminDeleteSchema = z.object({
  password: z
    .string({ error: ADMIN_DELETE_MESSAGES.passwordRequired })
    .min(1, ADMIN_DELETE_MESSAGES.passwordRequired)
    .max(ADMIN_PASSWORD_MAX_LENGTH, ADMIN_DELETE_MESSAGES.failed),
});

export type AdminDeleteStatus = { enabled: boolean };
