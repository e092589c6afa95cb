import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { FAMILY_SWITCHES, WHAT_WE_KEEP } from "../../../core/family";
import { createOutboxMailer } from "../../adapters/mail/mailer";
import { PARENT_CONSENT_MAIL, parentConsentMail } from "./mails";

const link = "http://localhost:3000/family/consent#token=q3Jz8wK1vXo_9-ZtR4mN2pLs7YbC0dHfEgUaWiTkV6e";
const mail = (kind: "consent" | "invitation", childUsername = "sam_2015", invitedBy?: string) =>
  parentConsentMail({ to: "parent@example.org", childUsername, link, kind, invitedBy });

/** Anything a template leaves behind when a value was missing. */
const UNFILLED = /\{|\}|\$\{|undefined|null|NaN|\[object /;
const HTML_TAG = /<\/?[a-z][^>]*>/i;

describe.each(["consent", "invitation"] as const)("the %s mail", (kind) => {
  it("has its subject, goes to the parent, and has an HTML and a plain-text part", async () => {
    const message = await mail(kind, "sam_2015", "anna@example.org");
    expect(message.to).toBe("parent@example.org");
    expect(message.subject).toBe(
      kind === "consent"
        ? "Your child asked to join Lamplight"
        : "You're invited to join your child's Lamplight family",
    );
    expect(message.text.length).toBeGreaterThan(0);
    expect(message.html).toContain('<html dir="ltr" lang="en">');
  });

  it("puts the link alone on a line of the text, and in a real link under 'Review and agree' in the HTML", async () => {
    const { text, html } = await mail(kind, "sam_2015", "anna@example.org");
    const lines = text.split("\n");
    expect(lines).toContain(link);
    expect(lines[lines.indexOf(link) - 1]).toBe("Review and agree");
    expect(html).toMatch(
      new RegExp(
        `<a href="${link.replace(/[.?]/g, "\\$&")}"[^>]*>(?:(?!</a>).)*Review and agree(?:(?!</a>).)*</a>`,
      ),
    );
  });

  it("says the link works once, for 7 days", async () => {
    const { text, html } = await mail(kind, "sam_2015", "anna@example.org");
    for (const part of [text, html]) expect(part).toContain("The link works once, for 7 days.");
  });

  it("lists what Lamplight keeps and the four choices with how they start", async () => {
    const { text, html } = await mail(kind, "sam_2015", "anna@example.org");
    for (const part of [text, html ?? ""]) {
      expect(part).toContain("What Lamplight keeps about sam_2015:");
      for (const item of WHAT_WE_KEEP) expect(part).toContain(item);
      expect(part).toContain("Study groups and chat: on");
      expect(part).toContain("AI helper: on");
      expect(part).toContain("Photos and videos: off");
      expect(part).toContain("Notifications on phones and tablets: off");
      expect(part).toContain("You can change this later");
    }
    expect(FAMILY_SWITCHES.map((choice) => choice.label)).toEqual([
      "Study groups and chat",
      "AI helper",
      "Photos and videos",
      "Notifications on phones and tablets",
    ]);
  });

  it("escapes the username in the HTML, so markup in it stays text", async () => {
    const { text, html } = await mail(kind, "<b>x</b>", "<i>anna</i>");
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;");
    expect(html).not.toContain("<b>x</b>");
    expect(html).not.toContain("<i>anna</i>");
    expect(text).toContain("What Lamplight keeps about <b>x</b>:");
  });

  it("leaves no placeholder unfilled, and the text has no HTML in it", async () => {
    for (const invitedBy of ["anna@example.org", undefined]) {
      const { subject, text, html } = await mail(kind, "sam_2015", invitedBy);
      for (const part of [subject, text, html ?? ""]) expect(part).not.toMatch(UNFILLED);
      expect(text).not.toMatch(HTML_TAG);
      expect(text.startsWith("Hello!\n")).toBe(true);
      expect(text.endsWith("— Lamplight")).toBe(true);
    }
  });
});

describe("what each kind says", () => {
  it("a consent mail says who asked, that the account waits for the parent, and what ignoring it does", async () => {
    const { text } = await mail("consent");
    expect(text).toContain("A child with the username sam_2015 signed up for Lamplight");
    expect(text).toContain("sam_2015's account stays closed until you say yes.");
    expect(text).toContain(
      "If you did not expect this email, you can ignore it: the account is deleted after 7 days.",
    );
  });

  it("an invitation names who invited the parent, and for which child", async () => {
    const { text, html } = await mail("invitation", "sam_2015", "anna@example.org");
    const invited = "anna@example.org invited you to be a parent or guardian of sam_2015 on Lamplight";
    expect(text).toContain(invited);
    expect(html).toContain(invited);
    expect(text).toContain("the invitation ends after 7 days");
    expect(text).not.toContain("deleted");
  });

  it("an invitation without the inviter's name still reads well", async () => {
    for (const invitedBy of [undefined, "  "]) {
      const { text } = await mail("invitation", "sam_2015", invitedBy);
      expect(text).toContain(
        `${PARENT_CONSENT_MAIL.invitation.someone} invited you to be a parent or guardian`,
      );
    }
  });

  it("a teen's own invitation says the teen asked, never that someone invited them to themselves", async () => {
    const { text } = await parentConsentMail({
      to: "dad@example.org",
      childUsername: "jo_2011",
      link,
      kind: "invitation",
      invitedBy: "jo_2011",
      fromTeen: true,
    });
    expect(text).toContain("jo_2011 asked you to be their parent or guardian on Lamplight");
    expect(text).not.toContain("invited you");
  });
});

describe("through the outbox mailer", () => {
  const outbox = mkdtempSync(join(tmpdir(), "lamplight-family-mail-"));
  afterAll(() => rmSync(outbox, { recursive: true, force: true }));

  it("becomes an .eml with a plain-text and an HTML part, and the outbox logs its link", async () => {
    const logs: { msg?: string; links?: string[] }[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => void logs.push(JSON.parse(line)) });
    const mailer = createOutboxMailer(outbox, "Lamplight <no-reply@lamplight.test>", logger);

    await mailer.send(await mail("consent"));

    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(outbox, files[0] ?? ""), "utf8");
    expect(eml).toContain("Subject: Your child asked to join Lamplight");
    expect(eml).toMatch(/Content-Type: multipart\/alternative/i);
    expect(eml).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    expect(eml).toMatch(/Content-Type: text\/html; charset=utf-8/i);
    expect(logs.find((log) => log.msg === "mail written to outbox")?.links).toEqual([link]);
  });
});
