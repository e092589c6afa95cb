import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { EMAIL_VERIFICATION_MESSAGES } from "../../core/email-verification";
import { MESSAGES } from "../../core/messages";
import { call, createTestApp, signUpUser, type TestApp, type TestUser } from "../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** The 'Confirm your email' mails written to this address so far, with quoted-printable soft breaks undone. */
function confirmationMailsTo(app: TestApp, email: string): string[] {
  return app
    .readOutbox()
    .map((mail) => mail.replace(/=\r?\n/g, "").replace(/=3D/g, "="))
    .filter(
      (mail) => mail.includes(`To: ${email}`) && mail.includes("Subject: Confirm your email for Lamplight"),
    );
}

/** Waits for the count-th confirmation mail to the address and gives back its link and token. */
async function confirmationLink(app: TestApp, email: string, count = 1) {
  const until = Date.now() + 5000;
  while (confirmationMailsTo(app, email).length < count && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const mail = confirmationMailsTo(app, email).at(count - 1) ?? "";
  const link = mail.match(/http:\/\/localhost:3000\/verify-email#token=([\w.-]+)/);
  if (!link?.[1]) throw new Error(`no confirmation link in mail:\n${mail}`);
  return { mail, link: link[0], token: link[1] };
}

const confirm = (token: string) => call(t, "/api/auth/verify-email", { json: { token } });
const sessionOf = async (user: TestUser) =>
  (await call(t, "/api/auth/session", { cookie: user.cookie })).data.user;
const sendAgain = (user: { cookie?: string }) =>
  call(t, "/api/auth/send-verification-email", { method: "POST", cookie: user.cookie });

describe("'Confirm your email for Lamplight'", () => {
  it("is mailed at sign-up with a link to /verify-email that confirms the address, once", async () => {
    const user = await signUpUser(t);
    const { mail, token } = await confirmationLink(t, user.email);
    expect(mail).toContain("expires in 24 hours");
    expect(await sessionOf(user)).toMatchObject({ id: user.id, emailVerified: false });

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.data).toEqual({ status: "confirmed" });
    expect(await sessionOf(user)).toMatchObject({ emailVerified: true });

    const again = await confirm(token);
    expect(again.status).toBe(410);
    expect(again.data.error).toEqual({
      code: "verification_link_used",
      message: EMAIL_VERIFICATION_MESSAGES.used,
    });
  });

  it("works for 24 hours, then is refused as expired with the way to a new one", async () => {
    const early = await signUpUser(t);
    const late = await signUpUser(t);
    const { token: earlyToken } = await confirmationLink(t, early.email);
    const { token: lateToken } = await confirmationLink(t, late.email);
    const now = Date.now();

    vi.useFakeTimers({ toFake: ["Date"], now: now + 23 * 60 * 60_000 });
    expect((await confirm(earlyToken)).status).toBe(200);

    vi.setSystemTime(now + 24 * 60 * 60_000 + 60_000);
    const expired = await confirm(lateToken);
    expect(expired.status).toBe(410);
    expect(expired.data.error).toEqual({
      code: "verification_link_expired",
      message: EMAIL_VERIFICATION_MESSAGES.expired,
    });
    vi.useRealTimers();
    expect(await sessionOf(late)).toMatchObject({ emailVerified: false });
  });

  it("refuses a malformed or altered link and confirms nothing", async () => {
    const user = await signUpUser(t);
    const { token } = await confirmationLink(t, user.email);
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString("utf8"));
    const forged = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 3600 })).toString("base64url");
    for (const bad of ["not-a-token", `${header}.${forged}.${signature}`, `${token}x`]) {
      const response = await confirm(bad);
      expect(response.status, bad).toBe(400);
      expect(response.data.error).toEqual({
        code: "verification_link_invalid",
        message: EMAIL_VERIFICATION_MESSAGES.invalid,
      });
    }
    expect(await sessionOf(user)).toMatchObject({ emailVerified: false });
  });
});

describe("'Send again'", () => {
  it("mails the signed-in account a new working link, three times an hour", async () => {
    const user = await signUpUser(t);
    await confirmationLink(t, user.email);
    for (let sent = 1; sent <= 3; sent++) {
      const response = await sendAgain(user);
      expect(response.status).toBe(200);
      // One at a time: the outbox names its files by the millisecond.
      await confirmationLink(t, user.email, 1 + sent);
    }
    const limited = await sendAgain(user);
    expect(limited.status).toBe(429);
    expect(limited.data.error.message).toBe(
      "We've sent that email a few times already. Please check your inbox, or try again in an hour.",
    );
    const { token } = await confirmationLink(t, user.email, 4);
    expect((await confirm(token)).status).toBe(200);
  });

  it("is refused once the address is confirmed, and to a visitor who is not signed in", async () => {
    const user = await signUpUser(t);
    expect((await confirm((await confirmationLink(t, user.email)).token)).status).toBe(200);
    const confirmed = await sendAgain(user);
    expect(confirmed.status).toBe(409);
    expect(confirmed.data.error.message).toBe(EMAIL_VERIFICATION_MESSAGES.alreadyConfirmed);
    const visitor = await sendAgain({});
    expect(visitor.status).toBe(401);
    expect(visitor.data.error.message).toBe(MESSAGES.notAuthenticated);
  });
});
