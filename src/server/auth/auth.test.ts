import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "../../core/messages";
import { profiles, users, verifications } from "../db/schema";
import { takeErrorLogsOnceLogged } from "../test/error-logs";
import { call, cookieFrom, createTestApp, signUpUser, type TestApp } from "../test/harness";
import { createSessionCache, type SessionUser } from "./session-cache";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const countUsers = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n ?? 0;

function resetLinkFrom(mail: string): { token: string; link: string } {
  // Quoted-printable may wrap long lines with "=\n".
  const unwrapped = mail.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const link = unwrapped.match(/http:\/\/localhost:3000\/reset-password#token=([A-Za-z0-9]+)&type=recovery/);
  if (!link?.[1]) throw new Error(`no reset link in mail:\n${mail}`);
  return { token: link[1], link: link[0] };
}

describe("sign-up", () => {
  it("creates the account and the profile with the chosen username; signing in gives the session cookie", async () => {
    const response = await call(t, "/api/auth/sign-up/email", {
      json: { email: "Ruth@Example.com", password: "Gleaning-fields-7", username: "ruth_7", birthYear: 2000 },
    });
    expect(response.status).toBe(200);
    // The same answer as for a known email (sign-up.test.ts), so no session: the browser signs in next.
    expect(response.data).toEqual({ ok: true });
    expect(response.headers.getSetCookie()).toEqual([]);
    const signIn = await call(t, "/api/auth/sign-in/email", {
      json: { email: "ruth@example.com", password: "Gleaning-fields-7" },
    });
    expect(signIn.data.token).toBeUndefined();
    const setCookie = signIn.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/lamplight\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const profile = await call(t, "/api/profile", { cookie: cookieFrom(signIn.headers) });
    expect(profile.status).toBe(200);
    expect(profile.data).toMatchObject({
      username: "ruth_7",
      level: 1,
      xp: 0,
      bio: null,
      completedStories: 0,
    });
    expect(JSON.stringify(profile.data)).not.toContain("ruth@example.com");
  });

  it.each([
    [{ email: "a@example.com", password: "123456", username: "abc_1" }, MESSAGES.passwordTooCommon],
    [{ email: "a@example.com", password: "12345", username: "abc_1" }, MESSAGES.passwordTooShort],
    [{ email: "not-an-email", password: "Lamp-river-2026", username: "abc_1" }, MESSAGES.emailFormat],
    [{ email: "a@example.com", password: "Lamp-river-2026", username: "a b" }, MESSAGES.usernameFormat],
  ])("refuses %j with a clear message and creates nothing", async (body, message) => {
    const before = await countUsers();
    const response = await call(t, "/api/auth/sign-up/email", { json: { birthYear: 2000, ...body } });
    expect(response.status).toBe(400);
    expect(response.data.error.message).toBe(message);
    expect(await countUsers()).toBe(before);
  });

  it("refuses a username that is taken in any case", async () => {
    await signUpUser(t, { username: "Goliath_Fan" });
    const before = await countUsers();
    const response = await call(t, "/api/auth/sign-up/email", {
      json: {
        email: "other@example.com",
        password: "Lamp-river-2026",
        username: "goliath_fan",
        birthYear: 2000,
      },
    });
    expect(response.status).toBe(409);
    expect(response.data.error.message).toBe(MESSAGES.usernameTaken);
    expect(await countUsers()).toBe(before);
  });

  it("answers malformed JSON with a 400, not a 500", async () => {
    const response = await call(t, "/api/auth/sign-up/email", {
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(response.data.error.message).toBeTruthy();
  });
});

describe("sign-in and sign-out", () => {
  it("signs in with the right password and out again", async () => {
    const user = await signUpUser(t);
    const signIn = await call(t, "/api/auth/sign-in/email", {
      json: { email: user.email, password: user.password },
    });
    expect(signIn.status).toBe(200);
    expect(signIn.data.token).toBeUndefined();
    const cookie = cookieFrom(signIn.headers);
    expect((await call(t, "/api/auth/session", { cookie })).data.user.id).toBe(user.id);

    const signOut = await call(t, "/api/auth/sign-out", { method: "POST", cookie });
    expect(signOut.status).toBe(200);
    expect((await call(t, "/api/auth/session", { cookie })).data.user).toBeNull();
    expect((await call(t, "/api/profile", { cookie })).status).toBe(401);
  });

  it("refuses a wrong password with the provider's message", async () => {
    const user = await signUpUser(t);
    const response = await call(t, "/api/auth/sign-in/email", {
      json: { email: user.email, password: "wrong-password" },
    });
    expect(response.status).toBe(401);
    expect(response.data.message).toBe("Invalid email or password");
  });

  it("limits failures to 5 per account and IP in 15 minutes, then answers 429", async () => {
    const user = await signUpUser(t);
    const attempt = (password: string, ip = "203.0.113.7") =>
      call(t, "/api/auth/sign-in/email", {
        json: { email: user.email, password },
        headers: { "x-forwarded-for": ip },
      });
    for (let i = 0; i < 5; i++) expect((await attempt("wrong-password")).status).toBe(401);
    const limited = await attempt(user.password);
    expect(limited.status).toBe(429);
    expect(limited.data.error.message).toBe(MESSAGES.tooManySignIns);
    // Another place is not locked out by someone else's guesses.
    expect((await attempt(user.password, "198.51.100.9")).status).toBe(200);
    // Nor is another account signing in from the guesser's own address.
    const sibling = await signUpUser(t);
    const siblingSignIn = await call(t, "/api/auth/sign-in/email", {
      json: { email: sibling.email, password: sibling.password },
      headers: { "x-forwarded-for": "203.0.113.7" },
    });
    expect(siblingSignIn.status).toBe(200);
  });
});

describe("password reset", () => {
  it("mails a single-use link to /reset-password that sets a new password", async () => {
    const user = await signUpUser(t);
    const mailsBefore = t.readOutbox().length;
    const request = await call(t, "/api/auth/request-password-reset", { json: { email: user.email } });
    expect(request.status).toBe(200);
    const mails = await t.waitForMails(mailsBefore + 1);
    const mail = mails.at(-1) ?? "";
    expect(mail).toContain(`To: ${user.email}`);
    expect(mail).toContain("expires in 1 hour");
    const { token } = resetLinkFrom(mail);

    expect((await call(t, "/api/auth/reset-password/verify", { json: { token } })).status).toBe(200);
    const reset = await call(t, "/api/auth/reset-password", {
      json: { token, newPassword: "Burning-bush-42" },
    });
    expect(reset.status).toBe(200);

    const again = await call(t, "/api/auth/reset-password", {
      json: { token, newPassword: "Another-one-42" },
    });
    expect(again.status).toBe(400);
    expect(again.data.error.message).toBe(MESSAGES.resetLinkInvalid);
    expect((await call(t, "/api/auth/reset-password/verify", { json: { token } })).status).toBe(410);

    const oldPassword = await call(t, "/api/auth/sign-in/email", {
      json: { email: user.email, password: user.password },
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await call(t, "/api/auth/sign-in/email", {
      json: { email: user.email, password: "Burning-bush-42" },
    });
    expect(newPassword.status).toBe(200);
  });

  it("refuses an expired link", async () => {
    const user = await signUpUser(t);
    const mailsBefore = t.readOutbox().length;
    await call(t, "/api/auth/request-password-reset", { json: { email: user.email } });
    const { token } = resetLinkFrom((await t.waitForMails(mailsBefore + 1)).at(-1) ?? "");
    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const verify = await call(t, "/api/auth/reset-password/verify", { json: { token } });
    expect(verify.status).toBe(410);
    expect(verify.data.error.message).toBe(MESSAGES.resetLinkInvalid);
    const reset = await call(t, "/api/auth/reset-password", {
      json: { token, newPassword: "Burning-bush-42" },
    });
    expect(reset.status).toBe(400);
  });

  it("calls a malformed token malformed", async () => {
    const verify = await call(t, "/api/auth/reset-password/verify", { json: { token: "not a token" } });
    expect(verify.status).toBe(400);
    expect(verify.data.error.message).toBe(MESSAGES.resetLinkMalformed);
  });

  it("refuses a common new password and keeps the link usable", async () => {
    const user = await signUpUser(t);
    const mailsBefore = t.readOutbox().length;
    await call(t, "/api/auth/request-password-reset", { json: { email: user.email } });
    const { token } = resetLinkFrom((await t.waitForMails(mailsBefore + 1)).at(-1) ?? "");
    const reset = await call(t, "/api/auth/reset-password", { json: { token, newPassword: "password1" } });
    expect(reset.status).toBe(400);
    expect(reset.data.error.message).toBe(MESSAGES.passwordTooCommon);
    expect((await call(t, "/api/auth/reset-password/verify", { json: { token } })).status).toBe(200);
  });

  it("answers the same whether or not the address has an account, and mails only real accounts", async () => {
    const user = await signUpUser(t);
    const mailsBefore = t.readOutbox().length;
    const known = await call(t, "/api/auth/request-password-reset", { json: { email: user.email } });
    const unknown = await call(t, "/api/auth/request-password-reset", {
      json: { email: "nobody-here@example.com" },
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    await t.waitForMails(mailsBefore + 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(t.readOutbox().length).toBe(mailsBefore + 1);
  });

  it("allows 3 reset requests per email per hour", async () => {
    const email = "limit-me@example.com";
    for (let i = 0; i < 3; i++) {
      expect((await call(t, "/api/auth/request-password-reset", { json: { email } })).status).toBe(200);
    }
    const limited = await call(t, "/api/auth/request-password-reset", { json: { email } });
    expect(limited.status).toBe(429);
    expect(limited.data.error.message).toBe(MESSAGES.tooManyResetRequests);
  });
});

describe("change password", () => {
  it("needs the current password and refuses common ones", async () => {
    const user = await signUpUser(t);
    const wrong = await call(t, "/api/auth/change-password", {
      cookie: user.cookie,
      json: { currentPassword: "not-it-at-all", newPassword: "Walls-of-Jericho-7" },
    });
    expect(wrong.status).toBe(400);
    const common = await call(t, "/api/auth/change-password", {
      cookie: user.cookie,
      json: { currentPassword: user.password, newPassword: "qwerty" },
    });
    expect(common.status).toBe(400);
    expect(common.data.error.message).toBe(MESSAGES.passwordTooCommon);
    const ok = await call(t, "/api/auth/change-password", {
      cookie: user.cookie,
      json: { currentPassword: user.password, newPassword: "Walls-of-Jericho-7" },
    });
    expect(ok.status).toBe(200);
    const signIn = await call(t, "/api/auth/sign-in/email", {
      json: { email: user.email, password: "Walls-of-Jericho-7" },
    });
    expect(signIn.status).toBe(200);
  });

  it("refuses a visitor who is not signed in", async () => {
    const response = await call(t, "/api/auth/change-password", {
      json: { currentPassword: "whatever-1", newPassword: "Walls-of-Jericho-7" },
    });
    expect(response.status).toBe(401);
  });
});

describe("a session this instance checked moments ago", () => {
  async function signInAgain(user: { email: string; password: string }) {
    const response = await call(t, "/api/auth/sign-in/email", {
      json: { email: user.email, password: user.password },
    });
    return cookieFrom(response.headers);
  }

  it("ends at once when another device changes the password", async () => {
    const user = await signUpUser(t);
    const otherDevice = await signInAgain(user);
    // Both sessions are used, so both are remembered.
    expect((await call(t, "/api/profile", { cookie: user.cookie })).status).toBe(200);
    expect((await call(t, "/api/profile", { cookie: otherDevice })).status).toBe(200);
    const changed = await call(t, "/api/auth/change-password", {
      cookie: user.cookie,
      json: { currentPassword: user.password, newPassword: "Walls-of-Jericho-7" },
    });
    expect(changed.status).toBe(200);
    expect((await call(t, "/api/profile", { cookie: otherDevice })).status).toBe(401);
  });

  it("ends at once when the password is reset", async () => {
    const user = await signUpUser(t);
    expect((await call(t, "/api/profile", { cookie: user.cookie })).status).toBe(200);
    const mailsBefore = t.readOutbox().length;
    await call(t, "/api/auth/request-password-reset", { json: { email: user.email } });
    const { token } = resetLinkFrom((await t.waitForMails(mailsBefore + 1)).at(-1) ?? "");
    const reset = await call(t, "/api/auth/reset-password", {
      json: { token, newPassword: "Burning-bush-42" },
    });
    expect(reset.status).toBe(200);
    expect((await call(t, "/api/profile", { cookie: user.cookie })).status).toBe(401);
  });

  const open = { accountState: "active", permissions: null } as const;
  const ruth: SessionUser = { id: "ruth", email: "ruth@example.com", ...open };
  const boaz: SessionUser = { id: "boaz", email: "boaz@example.com", ...open };
  const later = () => new Date(Date.now() + 60_000);
  const found =
    (user: typeof ruth, expiresAt = later()) =>
    async () => ({ user, expiresAt });

  it("is forgotten by the cache within its lifetime, and never outlives the session", async () => {
    const cache = createSessionCache({ ttlMs: 1000 });
    expect(await cache.resolve("a=1", found(ruth))).toEqual(ruth);
    await cache.resolve("a=2", found(boaz));
    expect(cache.get("a=1")).toEqual(ruth);
    expect(cache.get(undefined)).toBeUndefined();
    cache.forgetUser("ruth");
    expect(cache.get("a=1")).toBeUndefined();
    expect(cache.get("a=2")?.id).toBe("boaz");

    await cache.resolve("a=3", found(ruth, new Date(Date.now() - 1)));
    expect(cache.get("a=3")).toBeUndefined();
    vi.useFakeTimers({ now: Date.now() + 1001 });
    try {
      expect(cache.get("a=2")).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("looks a session up once for requests that miss together, and remembers no look-up older than a sign-out", async () => {
    const cache = createSessionCache();
    let lookUps = 0;
    let answer: (found: { user: typeof ruth; expiresAt: Date }) => void = () => {};
    const lookUp = () => {
      lookUps += 1;
      return new Promise<{ user: typeof ruth; expiresAt: Date }>((resolve) => {
        answer = resolve;
      });
    };
    const together = [
      cache.resolve("a=1", lookUp),
      cache.resolve("a=1", lookUp),
      cache.resolve("a=1", lookUp),
    ];
    answer({ user: ruth, expiresAt: later() });
    expect(await Promise.all(together)).toEqual([ruth, ruth, ruth]);
    expect(lookUps).toBe(1);
    expect(cache.get("a=1")).toEqual(ruth);

    // Signed out while a look-up was under way: the request that asked gets its answer, nobody after it.
    cache.forgetUser("ruth");
    const during = cache.resolve("a=1", lookUp);
    cache.forgetUser("ruth");
    answer({ user: ruth, expiresAt: later() });
    expect(await during).toEqual(ruth);
    expect(lookUps).toBe(2);
    expect(cache.get("a=1")).toBeUndefined();

    // A failed look-up is not handed to the next request.
    await expect(cache.resolve("a=1", () => Promise.reject(new Error("database down")))).rejects.toThrow(
      "database down",
    );
    expect(await cache.resolve("a=1", found(ruth))).toEqual(ruth);
  });
});

describe("profile row", () => {
  it("is created on first load when missing, from the email's local part", async () => {
    const user = await signUpUser(t, { email: "daniel.lions@example.com" });
    await t.db.delete(profiles).where(eq(profiles.id, user.id));
    const response = await call(t, "/api/profile", { cookie: user.cookie });
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ id: user.id, username: "daniellions", level: 1, xp: 0 });
  });
});

describe("password reset with the mail server down", () => {
  it("answers exactly as when mail works, and the account stays as it was", async () => {
    // Port 1 on loopback: nothing listens, so every delivery fails at once.
    const down = await createTestApp({ smtpUrl: "smtp://127.0.0.1:1" });
    try {
      const user = await signUpUser(down);
      const known = await call(down, "/api/auth/request-password-reset", { json: { email: user.email } });
      const unknown = await call(down, "/api/auth/request-password-reset", {
        json: { email: "nobody@example.com" },
      });
      expect(known.status).toBe(200);
      expect(known.text).toBe(unknown.text);
      const signIn = await call(down, "/api/auth/sign-in/email", {
        json: { email: user.email, password: user.password },
      });
      expect(signIn.status).toBe(200);
      // Both mails failed in the background, and the server said so in its log for whoever runs it.
      const logged = await takeErrorLogsOnceLogged([
        "reset mail could not be sent",
        "verification mail could not be sent",
      ]);
      expect(new Set(logged.map((log) => log.msg))).toEqual(
        new Set(["reset mail could not be sent", "verification mail could not be sent"]),
      );
    } finally {
      await down.close();
    }
  });
});
