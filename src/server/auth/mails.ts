import type { MailMessage } from "../adapters/mail/mailer";
import { simpleMail } from "../shared/mail-template";

// The mails of signing in, on the one mail template (src/server/shared/mail-template.tsx).

export function resetPasswordMail(to: string, link: string): Promise<MailMessage> {
  return simpleMail({
    to,
    subject: "Reset your Lamplight password",
    parts: [
      "Someone asked to reset the password of your Lamplight account. To choose a new password, open this link:",
      { button: "Choose a new password", href: link },
      "The link expires in 1 hour and works once. If you did not ask for this, you can ignore this email.",
    ],
  });
}

export function verifyEmailMail(to: string, link: string): Promise<MailMessage> {
  return simpleMail({
    to,
    subject: "Confirm your email for Lamplight",
    parts: [
      "Welcome to Lamplight! To confirm that this is your email address, open this link:",
      { button: "Confirm my email", href: link },
      "The link works once and expires in 24 hours. If it has expired, sign in and choose 'Send again' for a new one.",
      "If you did not make a Lamplight account, you can ignore this email.",
    ],
  });
}

/** Sent instead of a confirmation when someone signs up with an address that already has an account. */
export function existingAccountMail(to: string, appUrl: string): Promise<MailMessage> {
  return simpleMail({
    to,
    subject: "You already have a Lamplight account",
    parts: [
      "Someone just tried to make a new Lamplight account with this email, but you already have an account.",
      `To sign in, go to ${appUrl}/ and choose Sign In with this email.`,
      "If you don't remember your password, choose 'Forgot your password?' there and we'll send you a link to choose a new one.",
      "If it wasn't you, you can ignore this email: your account has not changed.",
    ],
  });
}
