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
