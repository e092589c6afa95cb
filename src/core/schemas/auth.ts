import { z } from "zod";
import "./zod-messages";
import { birthYearChoices, isUnder13 } from "../ages";
import { FAMILY_MESSAGES } from "../family";
import { MESSAGES } from "../messages";
import { isReservedUsername, USERNAME_MESSAGES } from "../usernames";

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email(MESSAGES.emailFormat).max(254));

export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, MESSAGES.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, MESSAGES.passwordTooLong);

/** Word characters only, so that every username can be written as an @mention. */
export const usernameSchema = z
  .string()
  .trim()
  .regex(/^\w{3,20}$/, MESSAGES.usernameFormat);

/**
 * A username chosen now: reserved names are refused here, so the form says so before anything is sent. (Names
 * kept from before stay valid on the profile, so the profile's own schema does not refuse them.)
 */
export const newUsernameSchema = usernameSchema.refine(
  (username) => !isReservedUsername(username),
  USERNAME_MESSAGES.reserved,
);

/** A year the 'Birth year' select offers (only the year is stored). */
export const birthYearSchema = z
  .number({ error: FAMILY_MESSAGES.birthYearNeeded })
  .int()
  .refine((year) => birthYearChoices().includes(year), FAMILY_MESSAGES.birthYearNeeded);

/**
 * Sign-up (issue 24): 13 and older with their own email, as always; under 13 with a parent's email in its place,
 * and never an email of the child's own.
 */
export const signUpSchema = z
  .object({
    birthYear: birthYearSchema,
    username: newUsernameSchema,
    email: emailSchema.optional(),
    parentEmail: emailSchema.optional(),
    password: passwordSchema,
  })
  .superRefine((input, context) => {
    if (isUnder13(input.birthYear)) {
      if (input.email)
        context.addIssue({ code: "custom", path: ["email"], message: FAMILY_MESSAGES.childUnder13Email });
      if (!input.parentEmail)
        context.addIssue({
          code: "custom",
          path: ["parentEmail"],
          message: FAMILY_MESSAGES.parentEmailNeeded,
        });
    } else if (!input.email) {
      context.addIssue({ code: "custom", path: ["email"], message: FAMILY_MESSAGES.emailNeeded });
    }
  })
  // A 13+ sign-up has no use for a parent's address: it is dropped, never stored.
  .transform((input) =>
    isUnder13(input.birthYear)
      ? { kind: "child" as const, ...input, email: undefined, parentEmail: input.parentEmail as string }
      : { kind: "own" as const, ...input, email: input.email as string, parentEmail: undefined },
  );

/** Children under 13 have no email: they sign in by username. */
export const signInByUsernameSchema = z.object({
  username: usernameSchema,
  password: z
    .string()
    .min(1, "Please enter your password")
    .max(MAX_PASSWORD_LENGTH, MESSAGES.passwordTooLong),
});

export const signInSchema = z.object({
  email: emailSchema,
  // Any length may be typed at sign-in; the rules apply when a password is chosen.
  password: z
    .string()
    .min(1, "Please enter your password")
    .max(MAX_PASSWORD_LENGTH, MESSAGES.passwordTooLong),
});

export const forgotPasswordSchema = z.object({ email: emailSchema });

/** The live checklist shown under every new-password form. */
export function passwordChecklist(password: string, confirm: string) {
  return {
    longEnough: password.length >= MIN_PASSWORD_LENGTH,
    matches: password.length > 0 && password === confirm,
  };
}

/** First problem with a new password and its confirmation, in the order the spec lists them. */
export function newPasswordError(
  password: string,
  confirm: string,
  mismatchMessage: string = MESSAGES.passwordsDoNotMatch,
): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return MESSAGES.passwordTooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return MESSAGES.passwordTooLong;
  if (password !== confirm) return mismatchMessage;
  return null;
}

export const resetPasswordSchema = z.object({ token: z.string().min(1), newPassword: passwordSchema });

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, "Please enter your current password").max(MAX_PASSWORD_LENGTH),
  newPassword: passwordSchema,
});

/** Reset tokens are 24 alphanumeric characters (Better Auth's generateId(24)). */
export const resetTokenSchema = z.string().regex(/^[A-Za-z0-9]{24}$/);
