import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe on the mails one can turn off. */
  headers?: Record<string, string>;
};

export interface Mailer {
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
}

/** Real provider: any SMTP server, e.g. smtps://user:pass@smtp.example.org:465. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/**
 * Embedded default: each mail becomes an .eml file in `<dataDir>/outbox`, and its links are logged, so a
 * ministry can run Lamplight (and reset a password) with no mail server at all.
 */
export function createOutboxMailer(outboxDir: string, from: string, logger: Logger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  // Two mails to one address in the same millisecond ('Send again' pressed twice) each keep their own file.
  let sequence = 0;
  return {
    kind: "outbox",
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^\w.@-]/g, "_");
      sequence += 1;
      const stamp = `${new Date().toISOString().replace(/[:.]/g, "-")}-${String(sequence).padStart(6, "0")}`;
      const file = join(outboxDir, `${stamp}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info({ to: message.to, subject: message.subject, file, links }, "mail written to outbox");
    },
  };
}
