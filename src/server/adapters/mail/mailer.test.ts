import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboxMailer, createSmtpMailer } from "./mailer";

const message = {
  to: "parent@example.com",
  subject: "Reset your Lamplight password",
  text: "Open http://localhost:3000/reset-password#token=abc&type=recovery to continue.",
};

describe("SMTP mailer", () => {
  // A real SMTP server on 127.0.0.1 that records what it receives, speaking the real wire protocol.
  const received: { from: string; to: string[]; data: string; user?: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onAuth(auth, _session, callback) {
        if (auth.username === "ministry" && auth.password === "s3cret")
          return callback(null, { user: auth.username });
        callback(new Error("Invalid username or password"));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            data: Buffer.concat(chunks).toString("utf8"),
            user: session.user as string | undefined,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("delivers through the SMTP server given by SMTP_URL, with its credentials", async () => {
    const mailer = createSmtpMailer(
      `smtp://ministry:s3cret@127.0.0.1:${port}`,
      "Lamplight <no-reply@church.example>",
    );
    await mailer.send(message);
    const mail = received.at(-1);
    expect(mail).toMatchObject({
      from: "no-reply@church.example",
      to: ["parent@example.com"],
      user: "ministry",
    });
    expect(mail?.data).toContain("Subject: Reset your Lamplight password");
    expect(mail?.data).toMatch(/reset-password#token=(3D)?abc/); // quoted-printable may encode "="
  });

  it("fails loudly when the server refuses the credentials", async () => {
    const mailer = createSmtpMailer(
      `smtp://ministry:wrong@127.0.0.1:${port}`,
      "Lamplight <no-reply@church.example>",
    );
    await expect(mailer.send(message)).rejects.toThrow();
  });
});

describe("outbox mailer", () => {
  const dir = mkdtempSync(join(tmpdir(), "lamplight-outbox-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes each mail as an .eml file named by time and recipient", async () => {
    const mailer = createOutboxMailer(dir, "Lamplight <no-reply@lamplight.local>", pino({ level: "silent" }));
    await mailer.send(message);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-\d{6}-parent@example\.com\.eml$/);
    const eml = readFileSync(join(dir, files[0] ?? ""), "utf8");
    expect(eml).toContain("To: parent@example.com");
    expect(eml).toContain("From: Lamplight <no-reply@lamplight.local>");
  });

  it("keeps every mail sent to one address at once, each in its own file", async () => {
    const own = mkdtempSync(join(tmpdir(), "lamplight-outbox-"));
    try {
      const mailer = createOutboxMailer(
        own,
        "Lamplight <no-reply@lamplight.local>",
        pino({ level: "silent" }),
      );
      await Promise.all(Array.from({ length: 8 }, () => mailer.send(message)));
      expect(readdirSync(own)).toHaveLength(8);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});
