import type { MailMessage } from "../adapters/mail/mailer";

export function resetPasswordMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: "Reset your Lamplight password",
    text: [
      "Hello!",
      "",
      "Someone asked to reset the password of your Lamplight account. To choose a new password, open this link:",
      "",
      link,
      "",
      "The link expires in 1 hour and works once. If you did not ask for this, you can ignore this email.",
      "",
      "— Lamplight",
    ].join("\n"),
  };
}

export function verifyEmailMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: "Confirm your email for Lamplight",
    text: [
      "Hello!",
      "",
      "Welcome to Lamplight! To confirm that this is your email address, open this link:",
      "",
      link,
      "",
      "The link works once and expires in 24 hours. If it has expired, sign in and choose 'Send again' for a new one.",
      "If you did not make a Lamplight account, you can ignore this email.",
      "",
      "— Lamplight",
    ].join("\n"),
  };
}

/** Sent instead of a confirmation when someone signs up with an address that already has an account. */
export function existingAccountMail(to: string, appUrl: string): MailMessage {
  return {
    to,
    subject: "You already have a Lamplight account",
    text: [
      "Hello!",
      "",
      "Someone just tried to make a new Lamplight account with this email, but you already have an account.",
      "",
      `To sign in, go to ${appUrl}/ and choose Sign In with this email.`,
      "If you don't remember your password, choose 'Forgot your password?' there and we'll send you a link to choose a new one.",
      "",
      "If it wasn't you, you can ignore this email: your account has not changed.",
      "",
      "— Lamplight",
    ].join("\n"),
  };
}
