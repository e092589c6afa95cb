import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../core/messages";
import { ACCOUNT_MESSAGES } from "../../core/schemas/profile";
import { users, verifications } from "../db/schema";
import { LIMIT_RULES } from "../shared/rate-limit";
import { call, cookieFrom, createTestApp, parallel, signUpUser, type TestApp } from "../test/harness";

// Every password guess is counted before the password is checked, so a burst of parallel guesses gets at most
// the limit's answers and 429 for the rest. On PGlite transactions run one at a time, so a missing lock cannot
// show there: CI runs this file on PostgreSQL too, where the requests really race.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const statuses = (responses: { status: number }[]) => responses.map((response) => response.status);
const answered = (responses: { status: number }[]) => responses.filter((response) => response.status !== 429);

describe("sign-in", () => {
  it("answers 100 parallel wrong guesses at most 5 times, then 429 even for the right password", async () => {
    const user = await signUpUser(t);
    const guesses = await parallel(100, (index) =>
      call(t, "/api/auth/sign-in/email", { json: { email: user.email, password: `wrong-guess-${index}` } }),
    );
    expect(answered(guesses)).toHaveLength(LIMIT_RULES.signIn.max);
    expect(new Set(statuses(answered(guesses)))).toEqual(new Set([401]));
    expect(guesses.find((guess) => guess.status === 429)?.data.error.message).toBe(MESSAGES.tooManySignIns);

    const right = await call(t, "/api/auth/sign-in/email", {
      json: { email: user.email, password: user.password },
    });
    expect(right.status).toBe(429);
  });

  it("lets a burst with the right password inside get no more than 5 answers", async () => {
    const user = await signUpUser(t);
    const burst = await parallel(30, (index) =>
      call(t, "/api/auth/sign-in/email", {
        json: { email: user.email, password: index === 20 ? user.password : `wrong-guess-${index}` },
      }),
    );
    expect(answered(burst).length).toBeLessThanOrEqual(LIMIT_RULES.signIn.max);
  });

  it("clears the count after the right password, so a child who remembers it is not locked out", async () => {
    const user = await signUpUser(t);
    for (let attempt = 0; attempt < LIMIT_RULES.signIn.max - 1; attempt += 1)
      expect(
        (await call(t, "/api/auth/sign-in/email", { json: { email: user.email, password: "not-it-at-all" } }))
          .status,
      ).toBe(401);
    const right = await call(t, "/api/auth/sign-in/email", {
      json: { email: user.email, password: user.password },
    });
    expect(right.status).toBe(200);
    const wrongAgain = await call(t, "/api/auth/sign-in/email", {
      json: { email: user.email, password: "not-it-at-all" },
    });
    expect(wrongAgain.status).toBe(401);
  });

  it("counts per address: guesses from one IP do not lock the account for another", async () => {
    const user = await signUpUser(t);
    const fromAttacker = { "x-forwarded-for": "203.0.113.9" };
    await parallel(20, () =>
      call(t, "/api/auth/sign-in/email", {
        json: { email: user.email, password: "wrong-guess" },
        headers: fromAttacker,
      }),
    );
    const fromHome = await call(t, "/api/auth/sign-in/email", {
      json: { email: user.email, password: user.password },
      headers: { "x-forwarded-for": "198.51.100.20" },
    });
    expect(fromHome.status).toBe(200);
  });
});

describe("change password", () => {
  const change = (cookie: string, currentPassword: string, newPassword = "Quiet-harbour-2026") =>
    call(t, "/api/auth/change-password", {
      cookie,
      json: { currentPassword, newPassword, confirmPassword: newPassword },
    });

  it("answers 50 parallel wrong guesses at most 5 times, then 429 even for the right password", async () => {
    const user = await signUpUser(t);
    const guesses = await parallel(50, (index) => change(user.cookie, `wrong-guess-${index}`));
    expect(answered(guesses)).toHaveLength(LIMIT_RULES.changePassword.max);
    expect(guesses.find((guess) => guess.status === 429)?.data.error.message).toBe(
      LIMIT_RULES.changePassword.message,
    );
    expect((await change(user.cookie, user.password)).status).toBe(429);
  });

  it("no longer hands the session token to scripts", async () => {
    const user = await signUpUser(t);
    const changed = await change(user.cookie, user.password);
    expect(changed.status).toBe(200);
    expect(changed.data.token).toBeUndefined();
    expect(changed.text).not.toMatch(/token/i);
    expect(cookieFrom(changed.headers)).toMatch(/lamplight\.session_token=/);
  });
});

describe("'Delete my account'", () => {
  it("answers 50 parallel wrong passwords at most 5 times, and the account stays", async () => {
    const user = await signUpUser(t);
    const guesses = await parallel(50, (index) =>
      call(t, "/api/profile", {
        method: "DELETE",
        cookie: user.cookie,
        json: { password: `wrong-${index}` },
      }),
    );
    expect(answered(guesses)).toHaveLength(LIMIT_RULES.deleteAccount.max);
    expect(new Set(statuses(answered(guesses)))).toEqual(new Set([403]));
    expect(guesses.find((guess) => guess.status === 429)?.data.error.message).toBe(
      ACCOUNT_MESSAGES.tooManyAttempts,
    );
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
  });
});

describe("password reset", () => {
  const tokenOf = (mail: string) =>
    mail
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=")
      .match(/reset-password#token=([A-Za-z0-9]+)/)?.[1];
  /** The tokens mailed to this address so far, oldest first (mails go out in the background). */
  const tokensMailedTo = (email: string) =>
    t
      .readOutbox()
      .filter((mail) => mail.includes(email))
      .map(tokenOf)
      .filter((token): token is string => Boolean(token));
  async function nextToken(email: string): Promise<string> {
    const before = tokensMailedTo(email).length;
    await call(t, "/api/auth/request-password-reset", { json: { email } });
    for (let wait = 0; wait < 250 && tokensMailedTo(email).length === before; wait += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const token = tokensMailedTo(email).at(before);
    if (!token) throw new Error(`no reset mail to ${email}`);
    return token;
  }

  it("mails at most 3 links for 50 parallel requests", async () => {
    const user = await signUpUser(t);
    const requests = await parallel(50, () =>
      call(t, "/api/auth/request-password-reset", { json: { email: user.email } }),
    );
    expect(answered(requests)).toHaveLength(LIMIT_RULES.passwordReset.max);
    const tokens = await t.db
      .select()
      .from(verifications)
      .where(and(eq(verifications.value, user.id), like(verifications.identifier, "reset-password:%")));
    // Each new link ends the ones made before it; links made in the same instant may both stay, never none.
    expect(tokens.length).toBeGreaterThanOrEqual(1);
    expect(tokens.length).toBeLessThanOrEqual(LIMIT_RULES.passwordReset.max);
  });

  it("ends the earlier links when a new one is asked for", async () => {
    const user = await signUpUser(t);
    const first = await nextToken(user.email);
    const second = await nextToken(user.email);
    expect(second).not.toBe(first);

    const old = await call(t, "/api/auth/reset-password", {
      json: { token: first, newPassword: "Morning-dew-2026", confirmPassword: "Morning-dew-2026" },
    });
    expect(old.status).toBe(400);
    expect(old.data.error.message).toBe(MESSAGES.resetLinkInvalid);
    const current = await call(t, "/api/auth/reset-password", {
      json: { token: second, newPassword: "Morning-dew-2026", confirmPassword: "Morning-dew-2026" },
    });
    expect(current.status).toBe(200);
  });

  it("lets a link set a password once, even when it is used ten times at once", async () => {
    const user = await signUpUser(t);
    const token = await nextToken(user.email);
    const uses = await parallel(10, (index) =>
      call(t, "/api/auth/reset-password", {
        json: { token, newPassword: `Morning-dew-20${index}x`, confirmPassword: `Morning-dew-20${index}x` },
      }),
    );
    expect(uses.filter((use) => use.status === 200)).toHaveLength(1);
    expect(new Set(statuses(uses.filter((use) => use.status !== 200)))).toEqual(new Set([400]));
  });
});
