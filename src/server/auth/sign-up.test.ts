import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../core/messages";
import { USERNAME_MESSAGES } from "../../core/usernames";
import { profiles, users } from "../db/schema";
import { takeErrorLogs } from "../test/error-logs";
import { call, cookieFrom, createTestApp, signUpUser, type TestApp } from "../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = "Lamp-river-2026";
const countUsers = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n ?? 0;
const profileNamed = (username: string) =>
  t.db.query.profiles.findFirst({ where: sql`lower(${profiles.username}) = lower(${username})` });
const signUp = (app: TestApp, json: { email: string; username: string; password?: string }, ip?: string) =>
  call(app, "/api/auth/sign-up/email", {
    json: { password: PASSWORD, birthYear: 2000, ...json },
    headers: ip ? { "x-forwarded-for": ip } : {},
  });

/** The mails written to this address so far, as text with quoted-printable soft breaks undone. */
function mailsTo(app: TestApp, email: string): string[] {
  return app
    .readOutbox()
    .map((mail) => mail.replace(/=\r?\n/g, "").replace(/=3D/g, "="))
    .filter((mail) => mail.includes(`To: ${email}`));
}

async function waitForMailTo(app: TestApp, email: string, count = 1): Promise<string[]> {
  const until = Date.now() + 5000;
  while (mailsTo(app, email).length < count && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return mailsTo(app, email);
}

describe("sign-up with an email that already has an account", () => {
  it("answers exactly as for a new one, makes no account, and mails the owner the way back in", async () => {
    const fresh = await signUp(t, { email: "miriam@example.com", username: "miriam_sings" });
    const known = await signUp(t, {
      email: "Miriam@Example.com",
      username: "timbrel_girl",
      password: "Another-secret-42",
    });
    expect(known.status).toBe(fresh.status);
    expect(known.text).toBe(fresh.text);
    expect(fresh.data).toEqual({ ok: true });
    // Neither starts a session: a cookie on one would tell the two apart.
    expect(fresh.headers.getSetCookie()).toEqual([]);
    expect(known.headers.getSetCookie()).toEqual([]);

    expect(await profileNamed("timbrel_girl")).toBeUndefined();
    const owner = await t.db.query.users.findMany({ where: eq(users.email, "miriam@example.com") });
    expect(owner).toHaveLength(1);

    const [welcome, existing] = await waitForMailTo(t, "miriam@example.com", 2);
    expect(welcome).toContain("Subject: Confirm your email for Lamplight");
    expect(existing).toContain("Subject: You already have a Lamplight account");
    expect(existing).toContain("you already have an account");
    expect(existing).toContain("Sign In");
    expect(existing).toContain("Forgot your password?");
    expect(existing).not.toContain("verify-email");
  });

  it("lets the new account start at once: its email and password sign in straight after", async () => {
    const response = await signUp(t, { email: "deborah@example.com", username: "deborah_judge" });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    const signIn = await call(t, "/api/auth/sign-in/email", {
      json: { email: "deborah@example.com", password: PASSWORD },
    });
    expect(signIn.status).toBe(200);
    const profile = await call(t, "/api/profile", { cookie: cookieFrom(signIn.headers) });
    expect(profile.data).toMatchObject({ username: "deborah_judge", role: "member" });
  });

  it("gives one account to two sign-ups with the same email at once, and the same answer to both", async () => {
    const before = await countUsers();
    const [first, second] = await Promise.all([
      signUp(t, { email: "twins@example.com", username: "esau_hunter" }),
      signUp(t, { email: "twins@example.com", username: "jacob_tent" }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.text).toBe(second.text);
    expect(await countUsers()).toBe(before + 1);
    // When the two really meet in the database, Better Auth logs the insert the unique email refused.
    for (const log of takeErrorLogs()) expect(log.msg).toBe("Failed to create user");
  });
});

describe("sign-ups per IP", () => {
  it("are limited, counted before the account is made, so a burst in parallel makes exactly the limit", async () => {
    const limited = await createTestApp({ limits: { signUp: 3 } });
    try {
      const ip = "203.0.113.50";
      const responses = await Promise.all(
        ["ann", "ben", "cat", "dan", "eve"].map((name) =>
          signUp(limited, { email: `${name}@example.com`, username: `${name}_reads` }, ip),
        ),
      );
      expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 200, 429, 429]);
      const refused = responses.find((response) => response.status === 429);
      expect(refused?.data.error.message).toBe(
        "Too many new accounts from this network. Please try again in an hour.",
      );
      expect((await limited.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n).toBe(3);
      // A known email counts like a new one (anything else would tell them apart), and another network is free.
      expect((await signUp(limited, { email: "ann@example.com", username: "ann_again" }, ip)).status).toBe(
        429,
      );
      expect(
        (await signUp(limited, { email: "fay@example.com", username: "fay_reads" }, "198.51.100.4")).status,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("reserved usernames", () => {
  it.each([
    "admin",
    "_admin_",
    "Admin1",
    "adm1n",
    "lamplight_support",
    "Pastor",
    "ai_helper",
    "deleted_user",
  ])("refuses %s with a clear message and makes no account", async (username) => {
    const before = await countUsers();
    const response = await signUp(t, { email: `${username.toLowerCase()}x@example.com`, username });
    expect(response.status).toBe(400);
    expect(response.data.error.message).toBe(USERNAME_MESSAGES.reserved);
    expect(await countUsers()).toBe(before);
  });
});

describe("look-alike usernames", () => {
  it("refuses a name a reader could mistake for an existing one, with the exact message", async () => {
    await signUpUser(t, { username: "kid_one" });
    for (const [index, username] of ["KID__0NE_", "kid_0ne", "_kid_one", "K1d_one"].entries()) {
      const response = await signUp(t, { email: `look.alike.${index}@example.com`, username });
      expect(response.status, username).toBe(409);
      expect(response.data.error.message).toBe("That username is too close to someone else's.");
    }
    // The same name in another case is still simply taken.
    const same = await signUp(t, { email: "kid.one.again@example.com", username: "KID_ONE" });
    expect(same.status).toBe(409);
    expect(same.data.error.message).toBe(MESSAGES.usernameTaken);
    // A different name is not too close.
    expect((await signUp(t, { email: "kid.two@example.com", username: "kid_two" })).status).toBe(200);
  });
});

// On PGlite one connection serialises the statements, and the race rarely shows; on PostgreSQL the two
// requests really run side by side, and only the unique indexes can keep them apart.
describe("two sign-ups at once", () => {
  it("with the same username make one account and one 409, never a renamed second account", async () => {
    const before = await countUsers();
    const responses = await Promise.all([
      signUp(t, { email: "gideon.one@example.com", username: "gideon_300" }),
      signUp(t, { email: "gideon.two@example.com", username: "gideon_300" }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(responses.find((response) => response.status === 409)?.data.error.message).toBe(
      MESSAGES.usernameTaken,
    );
    expect(await countUsers()).toBe(before + 1);
    const names = await t.db
      .select({ username: profiles.username })
      .from(profiles)
      .where(sql`${profiles.username} like 'gideon%'`);
    expect(names).toEqual([{ username: "gideon_300" }]);
    // The loser's email has no account left behind, and can sign up again with another name.
    const loser = responses.findIndex((response) => response.status === 409);
    const email = loser === 0 ? "gideon.one@example.com" : "gideon.two@example.com";
    expect(await t.db.query.users.findFirst({ where: eq(users.email, email) })).toBeUndefined();
    expect((await signUp(t, { email, username: "gideon_torch" })).status).toBe(200);
  });

  it("with look-alike usernames make one account and one refusal", async () => {
    const before = await countUsers();
    const responses = await Promise.all([
      signUp(t, { email: "barak.one@example.com", username: "barak_lion" }),
      signUp(t, { email: "barak.two@example.com", username: "BARAK__1ION" }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(responses.find((response) => response.status === 409)?.data.error.message).toBe(
      USERNAME_MESSAGES.tooClose,
    );
    expect(await countUsers()).toBe(before + 1);
  });
});
