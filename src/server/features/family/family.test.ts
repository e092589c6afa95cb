import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHILD_EMAIL_DOMAIN, FAMILY_MESSAGES } from "../../../core/family";
import { familyLinks, parentChildren, profiles, reports, users } from "../../db/schema";
import { type RaiseFlagDeps, raiseAiFlag } from "../../shared/ai-guardrails";
import { createRateLimiter } from "../../shared/rate-limit";
import {
  call,
  cookieFrom,
  createGroupAs,
  createTestApp,
  joinGroupAs,
  parallel,
  signUpUser,
  signUpUserWithRole,
  TEST_APP_URL,
  type TestApp,
  type TestUser,
} from "../../test/harness";
import { openEventStream } from "../../test/sse";
import { safeLetters } from "../../test/unique-name";

// Families (issue 24), through the real routes: a child's sign-up, the consent link, the parent's view and
// switches, and who may reach which child.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = "Lamp-river-2026";
const thisYear = new Date().getUTCFullYear();
/** A 9-year-old, a 15-year-old. */
const CHILD_YEAR = thisYear - 9;
const TEEN_YEAR = thisYear - 15;

let counter = 0;
const unique = () => {
  counter += 1;
  return `${safeLetters(Date.now())}${safeLetters(counter)}`;
};

/** The family links mailed to an address so far, newest last. */
function familyTokensTo(app: TestApp, email: string): string[] {
  return app
    .readOutbox()
    .map((mail) => mail.replace(/=\r?\n/g, "").replace(/=3D/g, "="))
    .filter((mail) => mail.includes(`To: ${email}`))
    .map((mail) => mail.match(/\/family\/consent#token=([\w-]{43})/)?.[1])
    .filter((token): token is string => Boolean(token));
}

async function waitForFamilyToken(app: TestApp, email: string, count = 1): Promise<string> {
  // Mails go out in the background; a busy machine renders them slower.
  const until = Date.now() + 15_000;
  for (;;) {
    const tokens = familyTokensTo(app, email);
    if (tokens.length >= count) return tokens[count - 1] as string;
    if (Date.now() > until) throw new Error(`no family mail number ${count} to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type Child = { id: string; username: string; cookie: string; parentEmail: string; token: string };

/** A child under 13 signed up with a parent's email, signed in by username, and the consent link mailed. */
async function signUpChild(app: TestApp = t, birthYear = CHILD_YEAR): Promise<Child> {
  const username = `kid_${unique()}`.slice(0, 20);
  const parentEmail = `parent_${unique()}@example.org`;
  const signUp = await call(app, "/api/auth/sign-up/email", {
    json: { birthYear, username, parentEmail, password: PASSWORD },
  });
  expect(signUp.status, signUp.text).toBe(200);
  const signIn = await call(app, "/api/auth/sign-in/username", { json: { username, password: PASSWORD } });
  expect(signIn.status, signIn.text).toBe(200);
  const token = await waitForFamilyToken(app, parentEmail);
  return { id: signIn.data.user.id, username, cookie: cookieFrom(signIn.headers), parentEmail, token };
}

/** A parent's own account, made as the consent page makes it. */
async function signUpParent(app: TestApp = t, email = `mum_${unique()}@example.org`) {
  const signUp = await call(app, "/api/auth/sign-up/parent", { json: { email, password: PASSWORD } });
  expect(signUp.status, signUp.text).toBe(200);
  const signIn = await call(app, "/api/auth/sign-in/email", { json: { email, password: PASSWORD } });
  expect(signIn.status, signIn.text).toBe(200);
  return { id: signIn.data.user.id as string, email, cookie: cookieFrom(signIn.headers) };
}

type Parent = Awaited<ReturnType<typeof signUpParent>>;

const agree = (parent: { cookie: string }, token: string, permissions?: object) =>
  call(t, "/api/family/agree", { cookie: parent.cookie, json: { token, permissions } });

/** A child whose parent has agreed, with the switches given. */
async function family(permissions = { groups: true, aiHelper: true, media: false, notifications: false }) {
  const child = await signUpChild();
  const parent = await signUpParent(t, child.parentEmail);
  const agreed = await agree(parent, child.token, permissions);
  expect(agreed.status, agreed.text).toBe(200);
  return { child, parent };
}

describe("a child's sign-up", () => {
  it("stores no email of the child's, only the year, and waits for the parent whose address it was given", async () => {
    const child = await signUpChild();
    const [row] = await t.db
      .select({ email: users.email, birthYear: profiles.birthYear, state: profiles.accountState })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, child.id));
    expect(row?.email.endsWith(`@${CHILD_EMAIL_DOMAIN}`)).toBe(true);
    expect(row).toMatchObject({ birthYear: CHILD_YEAR, state: "waiting_for_parent" });
    // No 'Confirm your email' mail to an address that cannot receive one.
    expect(t.readOutbox().some((mail) => mail.includes(row?.email ?? "?"))).toBe(false);
    const [link] = await t.db.select().from(familyLinks).where(eq(familyLinks.childUserId, child.id));
    expect(link).toMatchObject({ parentEmail: child.parentEmail, kind: "consent", usedAt: null });

    const session = await call(t, "/api/auth/session", { cookie: child.cookie });
    expect(session.data.user).toMatchObject({
      email: null,
      accountState: "waiting_for_parent",
      permissions: null,
      role: "member",
    });
  });

  it.each([
    [
      "a child's own email",
      { birthYear: CHILD_YEAR, email: "kid@example.org", parentEmail: "p@example.org" },
      FAMILY_MESSAGES.childUnder13Email,
    ],
    ["no parent's email under 13", { birthYear: CHILD_YEAR }, FAMILY_MESSAGES.parentEmailNeeded],
    ["no email from 13", { birthYear: TEEN_YEAR, parentEmail: "p@example.org" }, FAMILY_MESSAGES.emailNeeded],
    ["no birth year", { email: "kid@example.org" }, FAMILY_MESSAGES.birthYearNeeded],
    [
      "a year not offered",
      { birthYear: thisYear + 1, email: "kid@example.org" },
      FAMILY_MESSAGES.birthYearNeeded,
    ],
  ])("refuses %s and makes nothing", async (_name, body, message) => {
    const username = `kid_${unique()}`.slice(0, 20);
    const response = await call(t, "/api/auth/sign-up/email", {
      json: { username, password: PASSWORD, ...body },
    });
    expect(response.status).toBe(400);
    expect(response.data.error.message).toBe(message);
    expect(await t.db.select().from(profiles).where(eq(profiles.username, username))).toEqual([]);
  });

  it("signs in by username; a wrong password or an unknown name get the same answer", async () => {
    const child = await signUpChild();
    const wrong = await call(t, "/api/auth/sign-in/username", {
      json: { username: child.username, password: "Not-the-one-1" },
    });
    const unknown = await call(t, "/api/auth/sign-in/username", {
      json: { username: `nobody_${unique()}`.slice(0, 20), password: "Not-the-one-1" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.text).toBe(unknown.text);
    expect(wrong.data.error.message).toBe(FAMILY_MESSAGES.wrongUsernameOrPassword);
    // Different case, same account.
    const upper = await call(t, "/api/auth/sign-in/username", {
      json: { username: child.username.toUpperCase(), password: PASSWORD },
    });
    expect(upper.status).toBe(200);
  });

  it("limits parallel guesses at a child's password to five", async () => {
    const child = await signUpChild();
    const guesses = await parallel(8, (index) =>
      call(t, "/api/auth/sign-in/username", {
        json: { username: child.username, password: `Guess-number-${index}` },
        headers: { "x-forwarded-for": "198.51.100.77" },
      }),
    );
    expect(guesses.filter((response) => response.status === 401)).toHaveLength(5);
    expect(guesses.filter((response) => response.status === 429)).toHaveLength(3);
  });
});

describe("waiting for a parent", () => {
  it("refuses every other route with 403, and shows where the mail went", async () => {
    const child = await signUpChild();
    for (const path of [
      "/api/profile",
      "/api/stories",
      "/api/groups",
      "/api/qna/conversations",
      "/api/family",
    ]) {
      const response = await call(t, path, { cookie: child.cookie });
      expect(response.status, path).toBe(403);
      expect(response.data.error).toEqual({
        code: "waiting_for_parent",
        message: FAMILY_MESSAGES.waitingForParent,
      });
    }
    const refused = await call(t, "/api/groups", { cookie: child.cookie, json: { name: "Secret club" } });
    expect(refused.status).toBe(403);
    const waiting = await call(t, "/api/family/waiting", { cookie: child.cookie });
    expect(waiting.status).toBe(200);
    expect(waiting.data.maskedEmail).toBe(`p•••@example.org`);
    expect(waiting.text).not.toContain(child.parentEmail);
  });

  it("sends again at most 3 times an hour, however many presses arrive at once; only the newest link works", async () => {
    const child = await signUpChild();
    const presses = await parallel(10, () =>
      call(t, "/api/family/waiting/send-again", { cookie: child.cookie, method: "POST" }),
    );
    expect(presses.filter((response) => response.status === 200)).toHaveLength(3);
    const refused = presses.filter((response) => response.status === 429);
    expect(refused).toHaveLength(7);
    expect(refused[0]?.data.error.message).toBe(FAMILY_MESSAGES.tooManySends);
    await waitForFamilyToken(t, child.parentEmail, 4);
    // Each mail's link ends the ones before it, so of the four only the last one issued still opens.
    const opened = await Promise.all(
      familyTokensTo(t, child.parentEmail).map(
        async (token) => (await call(t, "/api/family/links/preview", { json: { token } })).status,
      ),
    );
    expect(opened.sort()).toEqual([200, 410, 410, 410]);
    expect(familyTokensTo(t, child.parentEmail)[0]).toBe(child.token);
  });

  it("is not for an open account", async () => {
    const grownUp = await signUpUser(t);
    const response = await call(t, "/api/family/waiting/send-again", {
      cookie: grownUp.cookie,
      method: "POST",
    });
    expect(response.status).toBe(409);
  });
});

describe("the consent link", () => {
  it("shows the child's username and the switches, and nothing for a forged, used or expired token", async () => {
    const child = await signUpChild();
    const preview = await call(t, "/api/family/links/preview", { json: { token: child.token } });
    expect(preview.status).toBe(200);
    expect(preview.data).toEqual({
      kind: "consent",
      child: { username: child.username },
      withSwitches: true,
      maskedEmail: "p•••@example.org",
    });
    for (const token of [
      "x".repeat(43),
      "short",
      child.token.slice(0, -1) + (child.token.endsWith("a") ? "b" : "a"),
    ]) {
      const forged = await call(t, "/api/family/links/preview", { json: { token } });
      expect(forged.status).toBe(410);
      expect(forged.data.error.message).toBe(FAMILY_MESSAGES.linkProblem);
    }
    await t.db
      .update(familyLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(familyLinks.childUserId, child.id));
    expect((await call(t, "/api/family/links/preview", { json: { token: child.token } })).status).toBe(410);
    const parent = await signUpParent();
    expect((await agree(parent, child.token)).status).toBe(410);
  });

  it("opens the account with the parent's switches, once, however many presses arrive at once", async () => {
    const child = await signUpChild();
    const parent = await signUpParent();
    const presses = await parallel(6, () =>
      agree(parent, child.token, { groups: true, aiHelper: false, media: false, notifications: false }),
    );
    expect(presses.filter((response) => response.status === 200)).toHaveLength(1);
    expect(presses.filter((response) => response.status === 410)).toHaveLength(5);
    expect(presses.find((response) => response.status === 200)?.data).toEqual({
      child: { id: child.id, username: child.username },
    });

    const session = await call(t, "/api/auth/session", { cookie: child.cookie });
    expect(session.data.user).toMatchObject({
      accountState: "active",
      permissions: { groups: true, aiHelper: false, media: false, notifications: false },
    });
    expect((await call(t, "/api/profile", { cookie: child.cookie })).status).toBe(200);
    expect((await call(t, "/api/stories", { cookie: child.cookie })).status).toBe(200);
    const parentSession = await call(t, "/api/auth/session", { cookie: parent.cookie });
    expect(parentSession.data.user).toMatchObject({ role: "parent", hasChildren: true });
  });

  it("is not for a child's or a teen's own account", async () => {
    const child = await signUpChild();
    const teen = await signUpUser(t, { birthYear: TEEN_YEAR });
    const response = await agree(teen, child.token);
    expect(response.status).toBe(403);
    expect(response.data.error.code).toBe("grown_ups_only");
    // The link still works for a grown-up.
    expect((await agree(await signUpParent(), child.token)).status).toBe(200);
  });

  it("'No, delete this account' deletes the waiting child at once, once", async () => {
    const child = await signUpChild();
    const declined = await call(t, "/api/family/decline", { json: { token: child.token } });
    expect(declined.status, declined.text).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, child.id))).toEqual([]);
    expect((await call(t, "/api/family/decline", { json: { token: child.token } })).status).toBe(410);
    expect((await call(t, "/api/auth/session", { cookie: child.cookie })).data.user).toBeNull();
  });

  it("cannot delete an account a parent has agreed to, even with an older link", async () => {
    const child = await signUpChild();
    await call(t, "/api/family/waiting/send-again", { cookie: child.cookie, method: "POST" });
    const newer = await waitForFamilyToken(t, child.parentEmail, 2);
    expect((await agree(await signUpParent(), newer)).status).toBe(200);
    expect((await call(t, "/api/family/decline", { json: { token: child.token } })).status).toBe(410);
    expect((await call(t, "/api/family/decline", { json: { token: newer } })).status).toBe(410);
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, child.id))).toHaveLength(1);
  });
});

describe("a parent's switches", () => {
  it("refuse the AI helper, groups and pictures with the parent's sentence, from the child's next request", async () => {
    const { child, parent } = await family({
      groups: true,
      aiHelper: true,
      media: true,
      notifications: false,
    });
    expect((await call(t, "/api/qna/conversations", { cookie: child.cookie })).status).toBe(200);
    expect((await call(t, "/api/groups", { cookie: child.cookie })).status).toBe(200);

    const off = await call(t, `/api/family/children/${child.id}/permissions`, {
      method: "PUT",
      cookie: parent.cookie,
      json: { groups: false, aiHelper: false, media: false, notifications: false },
    });
    expect(off.status, off.text).toBe(200);
    for (const path of ["/api/qna/conversations", "/api/qna/folders", "/api/groups"]) {
      const refused = await call(t, path, { cookie: child.cookie });
      expect(refused.status, path).toBe(403);
      expect(refused.data.error).toEqual({
        code: "turned_off_by_parent",
        message: FAMILY_MESSAGES.turnedOff,
      });
    }
    const ask = await call(t, "/api/qna/conversations", {
      cookie: child.cookie,
      json: { question: "Who was Moses?" },
    });
    expect(ask.status).toBe(403);
    const picture = new FormData();
    picture.append("file", new File([new Uint8Array([1, 2, 3])], "me.png", { type: "image/png" }));
    const upload = await call(t, "/api/profile/avatar", { cookie: child.cookie, body: picture });
    expect(upload.status).toBe(403);
    expect(upload.data.error.message).toBe(FAMILY_MESSAGES.turnedOff);
    // Stories stay, and the built-in pictures.
    expect((await call(t, "/api/stories", { cookie: child.cookie })).status).toBe(200);
  });

  it("with groups off, the child's live stream carries none of their groups' chat", async () => {
    const { child, parent } = await family();
    const owner = await signUpUser(t);
    const group = await createGroupAs(t, owner, "Lions' den");
    await joinGroupAs(t, child, group);
    const chatTypes = async () => {
      const stream = await openEventStream(t, child.cookie);
      const sent = await call(t, `/api/groups/${group.id}/messages`, {
        cookie: owner.cookie,
        json: { body: "Hi all" },
      });
      expect(sent.status).toBe(201);
      const types: string[] = [];
      for (let event = await stream.next(1500); event; event = await stream.next(300)) types.push(event.type);
      await stream.close();
      return types;
    };
    expect(await chatTypes()).toContain("group_message");
    await call(t, `/api/family/children/${child.id}/permissions`, {
      method: "PUT",
      cookie: parent.cookie,
      json: { groups: false, aiHelper: true, media: false, notifications: false },
    });
    expect(await chatTypes()).not.toContain("group_message");
  });

  it("are refused for a teen, whose parent sees and does not switch", async () => {
    const teen = await signUpUser(t, { birthYear: TEEN_YEAR });
    const added = await call(t, "/api/family/parents", {
      cookie: teen.cookie,
      json: { email: `dad_${unique()}@example.org` },
    });
    expect(added.status, added.text).toBe(200);
    const parentEmail = (await t.db.select().from(familyLinks).where(eq(familyLinks.childUserId, teen.id)))[0]
      ?.parentEmail as string;
    const token = await waitForFamilyToken(t, parentEmail);
    const preview = await call(t, "/api/family/links/preview", { json: { token } });
    expect(preview.data).toMatchObject({ kind: "invitation", withSwitches: false });
    const parent = await signUpParent(t, parentEmail);
    expect(
      (await agree(parent, token, { groups: false, aiHelper: false, media: false, notifications: false }))
        .status,
    ).toBe(200);
    const session = await call(t, "/api/auth/session", { cookie: teen.cookie });
    expect(session.data.user).toMatchObject({ permissions: null, canAddParent: true });
    const switched = await call(t, `/api/family/children/${teen.id}/permissions`, {
      method: "PUT",
      cookie: parent.cookie,
      json: { groups: false, aiHelper: false, media: false, notifications: false },
    });
    expect(switched.status).toBe(403);
    const linked = await call(t, "/api/family/parents", { cookie: teen.cookie });
    expect(linked.data).toEqual({ parents: [parentEmail], invited: [] });
    const view = await call(t, "/api/family", { cookie: parent.cookie });
    expect(view.data.children).toMatchObject([{ id: teen.id, ageBand: "13-17", permissions: null }]);
  });

  it("'Add a parent' is for readers of 13 to 17 only", async () => {
    const grownUp = await signUpUser(t);
    const response = await call(t, "/api/family/parents", {
      cookie: grownUp.cookie,
      json: { email: "x@example.org" },
    });
    expect(response.status).toBe(403);
    expect(response.data.error.code).toBe("teens_only");
    expect((await call(t, "/api/family/parents", { cookie: grownUp.cookie })).status).toBe(403);
  });
});

describe("'Your family'", () => {
  it("shows each child's progress, groups and parents", async () => {
    const { child, parent } = await family();
    await t.db.update(profiles).set({ xp: 120, level: 2 }).where(eq(profiles.id, child.id));
    const group = await call(t, "/api/groups", { cookie: child.cookie, json: { name: "Ark builders" } });
    expect(group.status).toBe(201);
    const view = await call(t, "/api/family", { cookie: parent.cookie });
    expect(view.status).toBe(200);
    expect(view.data.children).toEqual([
      expect.objectContaining({
        id: child.id,
        username: child.username,
        ageBand: "under 13",
        level: 2,
        xp: 120,
        layersRead: 0,
        storiesCompleted: 0,
        groups: ["Ark builders"],
        lastActiveDay: null,
        permissions: { groups: true, aiHelper: true, media: false, notifications: false },
        parents: [parent.email],
      }),
    ]);
  });

  it("a parent adds a second parent or guardian, and no third", async () => {
    const { child, parent } = await family();
    const secondEmail = `grandma_${unique()}@example.org`;
    const invited = await call(t, `/api/family/children/${child.id}/invite`, {
      cookie: parent.cookie,
      json: { email: secondEmail },
    });
    expect(invited.status, invited.text).toBe(200);
    const token = await waitForFamilyToken(t, secondEmail);
    const second = await signUpParent(t, secondEmail);
    expect((await agree(second, token)).status).toBe(200);
    const third = await call(t, `/api/family/children/${child.id}/invite`, {
      cookie: second.cookie,
      json: { email: "third@example.org" },
    });
    expect(third.status).toBe(409);
    expect(third.data.error.message).toBe(FAMILY_MESSAGES.tooManyParents);
    // The switches they set on the way stay the first parent's.
    expect((await call(t, "/api/auth/session", { cookie: child.cookie })).data.user.permissions).toEqual({
      groups: true,
      aiHelper: true,
      media: false,
      notifications: false,
    });
  });

  it("two invitations agreed at once still link at most 2 parents", async () => {
    const { child, parent } = await family();
    const emails = [`a_${unique()}@example.org`, `b_${unique()}@example.org`];
    for (const email of emails)
      expect(
        (await call(t, `/api/family/children/${child.id}/invite`, { cookie: parent.cookie, json: { email } }))
          .status,
      ).toBe(200);
    const tokens = await Promise.all(emails.map((email) => waitForFamilyToken(t, email)));
    const parents = await Promise.all(emails.map((email) => signUpParent(t, email)));
    const answers = await Promise.all(parents.map((each, index) => agree(each, tokens[index] as string)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(
      await t.db.select().from(parentChildren).where(eq(parentChildren.childUserId, child.id)),
    ).toHaveLength(2);
  });

  it("resets a child's password: the old one stops, the new one signs in, and their sessions end", async () => {
    const { child, parent } = await family();
    const reset = await call(t, `/api/family/children/${child.id}/password`, {
      cookie: parent.cookie,
      json: { newPassword: "Burning-bush-42" },
    });
    expect(reset.status, reset.text).toBe(200);
    expect((await call(t, "/api/profile", { cookie: child.cookie })).status).toBe(401);
    const old = await call(t, "/api/auth/sign-in/username", {
      json: { username: child.username, password: PASSWORD },
    });
    expect(old.status).toBe(401);
    const fresh = await call(t, "/api/auth/sign-in/username", {
      json: { username: child.username, password: "Burning-bush-42" },
    });
    expect(fresh.status).toBe(200);
  });

  it("downloads the child's data, as the child's own export", async () => {
    const { child, parent } = await family();
    const response = await call(t, `/api/family/children/${child.id}/export`, { cookie: parent.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="lamplight-data-/);
    expect(response.text).toContain(child.username);
  });

  it("deletes a child's account only with the parent's own password", async () => {
    const { child, parent } = await family();
    const wrong = await call(t, `/api/family/children/${child.id}/delete`, {
      cookie: parent.cookie,
      json: { password: "Not-my-password-9" },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.data.error.code).toBe("wrong_password");
    const right = await call(t, `/api/family/children/${child.id}/delete`, {
      cookie: parent.cookie,
      json: { password: PASSWORD },
    });
    expect(right.status, right.text).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, child.id))).toEqual([]);
    expect((await call(t, "/api/family", { cookie: parent.cookie })).data.children).toEqual([]);
  });

  it("a parent's own account joins no groups", async () => {
    const parent = await signUpParent();
    const response = await call(t, "/api/groups", { cookie: parent.cookie, json: { name: "Parents only" } });
    expect(response.status).toBe(403);
    expect(response.data.error.message).toBe(FAMILY_MESSAGES.parentNoGroups);
  });
});

describe("parents are told what matters", () => {
  /** The mails to an address so far, quoted-printable soft breaks undone. */
  const mailsTo = (email: string) =>
    t
      .readOutbox()
      .map((mail) => mail.replace(/=\r?\n/g, "").replace(/=3D/g, "="))
      .filter((mail) => mail.includes(`To: ${email}`));

  async function waitForMail(email: string, subject: string) {
    const until = Date.now() + 15_000;
    for (;;) {
      const mail = mailsTo(email).find((each) => each.includes(`Subject: ${subject}`));
      if (mail) return mail;
      if (Date.now() > until) throw new Error(`no mail "${subject}" to ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it("a question that needs a grown-up's care reaches each parent by the bell and by mail, never its words", async () => {
    const { child, parent } = await family();
    const question = "im not safe at home tonight";
    const asked = await call(t, "/api/qna/ask", { cookie: child.cookie, json: { question } });
    expect(asked.status).toBe(200);
    const mail = await waitForMail(parent.email, FAMILY_MESSAGES.careAlertSubject(child.username));
    expect(mail).toContain(FAMILY_MESSAGES.careAlert(child.username));
    expect(mail).not.toContain("safe at home");
    const bell = await call(t, "/api/notifications", { cookie: parent.cookie });
    const messages = bell.data.notifications.map((item: { message: string }) => item.message);
    expect(messages).toContain(FAMILY_MESSAGES.careAlert(child.username));
    expect(JSON.stringify(bell.data)).not.toContain("safe at home");
  });

  it("mails a parent at most the limit an hour however many alerts come at once; the bell has each one", async () => {
    const { child, parent } = await family();
    const deps: RaiseFlagDeps = {
      db: t.db,
      bus: t.bus,
      mailQueue: t.mailQueue,
      pushQueue: t.pushQueue,
      logger: t.logger,
      config: { appUrl: TEST_APP_URL } as RaiseFlagDeps["config"],
      rateLimiter: createRateLimiter(t.db, { parentNoticeMails: 2 }),
    };
    await parallel(6, (index) =>
      raiseAiFlag(deps, { kind: "risky_question", userId: child.id, input: `help ${index}`, output: null }),
    );
    await t.mailQueueSettled();
    const subject = `Subject: ${FAMILY_MESSAGES.careAlertSubject(child.username)}`;
    expect(mailsTo(parent.email).filter((mail) => mail.includes(subject))).toHaveLength(2);
    const bell = await call(t, "/api/notifications", { cookie: parent.cookie });
    const alerts = bell.data.notifications.filter(
      (item: { message: string }) => item.message === FAMILY_MESSAGES.careAlert(child.username),
    );
    expect(alerts).toHaveLength(6);
  });

  it("a leader's mute and a removed post reach the parents by mail, with the leader's reason", async () => {
    const { child, parent } = await family();
    const leader = await signUpUserWithRole(t, "leader");
    const group = await createGroupAs(t, leader, "Jericho walkers");
    await joinGroupAs(t, child, group);
    const report = async (targetType: string, targetId: string) => {
      const reported = await call(t, "/api/reports", {
        cookie: leader.cookie,
        json: { targetType, targetId, reason: "unkind" },
      });
      expect(reported.status, reported.text).toBe(201);
      const [row] = await t.db.select().from(reports).where(eq(reports.targetId, targetId));
      return row?.id ?? "";
    };
    const act = (reportId: string, json: object) =>
      call(t, `/api/leader/reports/${reportId}/action`, { cookie: leader.cookie, json });

    // The leader sees that a parent agreed for this member.
    const card = await call(t, `/api/profile/members/${child.id}?groupId=${group.id}`, {
      cookie: leader.cookie,
    });
    expect(card.data.parentAgreed).toBe(true);
    const ownCard = await call(t, `/api/profile/members/${leader.id}?groupId=${group.id}`, {
      cookie: leader.cookie,
    });
    expect(ownCard.data.parentAgreed).toBe(false);
    const seenByChild = await call(t, `/api/profile/members/${leader.id}?groupId=${group.id}`, {
      cookie: child.cookie,
    });
    expect(seenByChild.data.parentAgreed).toBeNull();

    const post = await call(t, `/api/groups/${group.id}/posts`, {
      cookie: child.cookie,
      body: (() => {
        const form = new FormData();
        form.append("title", "My drawing of the walls");
        form.append("content", "They fell down!");
        return form;
      })(),
    });
    expect(post.status, post.text).toBe(201);
    const removed = await act(await report("post", String(post.data.id)), {
      action: "delete",
      reason: "Shared a photo of a friend without asking",
    });
    expect(removed.status, removed.text).toBe(200);
    const removal = await waitForMail(parent.email, FAMILY_MESSAGES.removedSubject(child.username));
    expect(removal).toContain(`${child.username}'s post "My drawing of the walls"`);
    expect(removal).toContain("Shared a photo of a friend without asking");

    const message = await call(t, `/api/groups/${group.id}/messages`, {
      cookie: child.cookie,
      json: { body: "You smell" },
    });
    expect(message.status, message.text).toBe(201);
    const muted = await act(await report("message", String(message.data.id)), {
      action: "mute",
      muteFor: "7d",
      reason: "Unkind in chat",
    });
    expect(muted.status, muted.text).toBe(200);
    const muteMail = await waitForMail(parent.email, FAMILY_MESSAGES.mutedSubject(child.username));
    expect(muteMail).toContain(FAMILY_MESSAGES.muted(child.username, "7 days"));
    expect(muteMail).toContain("Unkind in chat");
  });

  it("a grown-up's question tells nobody's parents, and a child without parents raises the flag as before", async () => {
    const grownUp = await signUpUser(t);
    const asked = await call(t, "/api/qna/ask", {
      cookie: grownUp.cookie,
      json: { question: "im not safe at home" },
    });
    expect(asked.status).toBe(200);
    expect(
      t.readOutbox().some((mail) => mail.includes("may need your care") && mail.includes(grownUp.username)),
    ).toBe(false);
  });
});

describe("who may reach which child", () => {
  /** Every route about one child, as a parent would call it. */
  const childRoutes = (childId: string) => [
    {
      path: `/api/family/children/${childId}/permissions`,
      method: "PUT",
      json: { groups: true, aiHelper: true, media: true, notifications: false },
    },
    {
      path: `/api/family/children/${childId}/password`,
      method: "POST",
      json: { newPassword: "Burning-bush-42" },
    },
    { path: `/api/family/children/${childId}/export`, method: "GET" },
    {
      path: `/api/family/children/${childId}/invite`,
      method: "POST",
      json: { email: "someone@example.org" },
    },
    // Last: it ends the child.
    { path: `/api/family/children/${childId}/delete`, method: "POST", json: { password: PASSWORD } },
  ];

  let mine: { child: Child; parent: Parent };
  let theirs: { child: Child; parent: Parent };
  let teen: TestUser;
  beforeAll(async () => {
    mine = await family();
    theirs = await family();
    teen = await signUpUser(t, { birthYear: TEEN_YEAR });
  });

  it("refuses another parent, the child, another child, a teen and a stranger, and changes nothing", async () => {
    const callers = {
      "another child's parent": theirs.parent.cookie,
      "the child themselves": mine.child.cookie,
      "another child": theirs.child.cookie,
      "a teen": teen.cookie,
      "a grown-up with no children": (await signUpUser(t)).cookie,
    };
    for (const [who, cookie] of Object.entries(callers)) {
      for (const route of childRoutes(mine.child.id)) {
        const response = await call(t, route.path, { cookie, method: route.method, json: route.json });
        expect(response.status, `${who}: ${route.method} ${route.path}`).toBe(404);
        expect(response.data.error.code).toBe("child_not_found");
      }
    }
    for (const route of childRoutes(mine.child.id)) {
      const response = await call(t, route.path, { method: route.method, json: route.json });
      expect(response.status, `signed out: ${route.path}`).toBe(401);
    }
    // A child who does not exist answers the same as someone else's.
    const missing = await call(t, "/api/family/children/no-such-child/export", {
      cookie: mine.parent.cookie,
    });
    expect(missing.status).toBe(404);
    // Nothing changed: the child still signs in with their password, and their switches are as set.
    const session = await call(t, "/api/auth/session", { cookie: mine.child.cookie });
    expect(session.data.user.permissions).toEqual({
      groups: true,
      aiHelper: true,
      media: false,
      notifications: false,
    });
    expect((await call(t, "/api/profile", { cookie: mine.child.cookie })).status).toBe(200);
  });

  it("lists only the parent's own children", async () => {
    const view = await call(t, "/api/family", { cookie: mine.parent.cookie });
    expect(view.data.children.map((child: { id: string }) => child.id)).toEqual([mine.child.id]);
    expect(view.text).not.toContain(theirs.child.username);
    const childView = await call(t, "/api/family", { cookie: mine.child.cookie });
    expect(childView.data.children).toEqual([]);
  });

  it("lets the parent reach their own child on every route", async () => {
    const { child, parent } = await family();
    for (const route of childRoutes(child.id)) {
      const response = await call(t, route.path, {
        cookie: parent.cookie,
        method: route.method,
        json: route.json,
      });
      expect(response.status, `${route.method} ${route.path}: ${response.text}`).toBe(200);
    }
  });
});
