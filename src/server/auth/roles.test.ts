import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canPinPosts } from "../../core/schemas/groups";
import { REPORT_MESSAGES, type Role } from "../../core/schemas/moderation";
import { users } from "../db/schema";
import {
  call,
  cookieFrom,
  createGroupAs,
  createTestApp,
  joinGroupAs,
  signUpUser,
  type TestApp,
} from "../test/harness";
import { setRoleByEmail, UnconfirmedEmailError } from "./roles";
import { requireRole } from "./session";

const LISTED = ["pastor@example.org", "youth.leader@example.org"];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: LISTED });
  // Outside /api, whose catch-all answers 404 before routes added afterwards.
  t.app.get("/role-check/leader", requireRole("leader"), (c) => c.json({ role: c.var.role }));
  t.app.get("/role-check/admin", requireRole("admin"), (c) => c.json({ role: c.var.role }));
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUpUser>>;

async function roleOf(user: { cookie: string }): Promise<Role> {
  const profile = await call(t, "/api/profile", { cookie: user.cookie });
  expect(profile.status).toBe(200);
  return profile.data.role;
}

async function signIn(app: TestApp, user: User) {
  const response = await call(app, "/api/auth/sign-in/email", {
    json: { email: user.email, password: user.password },
  });
  expect(response.status, response.text).toBe(200);
  return { ...user, cookie: cookieFrom(response.headers) };
}

/** The token of the newest 'Confirm your email' link mailed to the address. */
async function confirmationToken(app: TestApp, email: string): Promise<string> {
  const until = Date.now() + 5000;
  for (;;) {
    const mail = app
      .readOutbox()
      .map((text) => text.replace(/=\r?\n/g, "").replace(/=3D/g, "="))
      .filter((text) => text.includes(`To: ${email}`))
      .at(-1);
    const token = mail?.match(/\/verify-email#token=([\w.-]+)/)?.[1];
    if (token) return token;
    if (Date.now() > until) throw new Error(`no confirmation mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Opens the account's 'Confirm your email' link, as its owner would. */
async function confirmEmail(app: TestApp, user: User) {
  const response = await call(app, "/api/auth/verify-email", {
    json: { token: await confirmationToken(app, user.email.toLowerCase()) },
  });
  expect(response.status, response.text).toBe(200);
}

/** A confirmed account given the role by `npm run users` (which promotes only confirmed addresses). */
async function userWithRole(role: Role): Promise<User> {
  const user = await signUpUser(t);
  await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  await setRoleByEmail(t.db, user.email, role);
  return user;
}

describe("ADMIN_EMAILS", () => {
  it("makes a listed account an admin only when its link confirms the address, whatever its case", async () => {
    const pastor = await signUpUser(t, { email: "Pastor@Example.org" });
    // Whoever signs up first with a listed address is a member until the address is shown to be theirs.
    expect(await roleOf(pastor)).toBe("member");
    expect(await roleOf(await signIn(t, pastor))).toBe("member");
    await confirmEmail(t, pastor);
    expect(await roleOf(pastor)).toBe("admin");
    expect(await roleOf(await signUpUser(t))).toBe("member");
  });

  it("promotes a confirmed account listed after it signed up at its next sign-in, and never demotes", async () => {
    const helper = await signUpUser(t, { email: "helper@example.org" });
    await confirmEmail(t, helper);
    expect(await roleOf(helper)).toBe("member");
    // The same deployment restarted with the address added to the list.
    const listed = await createTestApp({
      shareDatabaseWith: t,
      adminEmails: [...LISTED, "helper@example.org"],
    });
    try {
      await signIn(listed, helper);
    } finally {
      await listed.close();
    }
    // Back on the first list, which does not name it: the role stays.
    expect(await roleOf(await signIn(t, helper))).toBe("admin");
  });

  it("does not promote an unconfirmed account at sign-in, even once listed", async () => {
    const visitor = await signUpUser(t, { email: "visitor@example.org" });
    const listed = await createTestApp({
      shareDatabaseWith: t,
      adminEmails: [...LISTED, "visitor@example.org"],
    });
    try {
      expect(await roleOf(await signIn(listed, visitor))).toBe("member");
    } finally {
      await listed.close();
    }
  });

  it("makes a listed account an admin again at its next sign-in after a hand demotion", async () => {
    const youth = await signUpUser(t, { email: "youth.leader@example.org" });
    await confirmEmail(t, youth);
    await setRoleByEmail(t.db, youth.email, "member");
    expect(await roleOf(youth)).toBe("member");
    expect(await roleOf(await signIn(t, youth))).toBe("admin");
  });
});

describe("npm run users (setRoleByEmail)", () => {
  it("makes no leader or admin of an unconfirmed address, and says why; demoting needs no confirmation", async () => {
    const user = await signUpUser(t);
    for (const role of ["leader", "admin"] as const) {
      const refused = setRoleByEmail(t.db, user.email, role);
      await expect(refused).rejects.toBeInstanceOf(UnconfirmedEmailError);
      await expect(refused).rejects.toThrow("has not confirmed its email yet");
    }
    expect(await roleOf(user)).toBe("member");
    expect(await setRoleByEmail(t.db, user.email, "member")).toMatchObject({ role: "member" });
    await confirmEmail(t, user);
    expect(await setRoleByEmail(t.db, user.email, "leader")).toMatchObject({
      previous: "member",
      role: "leader",
    });
  });
});

describe("role guards", () => {
  it("refuses the signed-out with 401", async () => {
    expect((await call(t, "/role-check/leader")).status).toBe(401);
    expect((await call(t, "/role-check/admin")).status).toBe(401);
  });

  it("refuses members the leaders' and the admins' routes, each with its own message", async () => {
    const member = await signUpUser(t);
    const leaders = await call(t, "/role-check/leader", { cookie: member.cookie });
    expect(leaders.status).toBe(403);
    expect(leaders.data).toEqual({ error: { code: "leaders_only", message: REPORT_MESSAGES.leadersOnly } });
    const admins = await call(t, "/role-check/admin", { cookie: member.cookie });
    expect(admins.status).toBe(403);
    expect(admins.data).toEqual({ error: { code: "admins_only", message: REPORT_MESSAGES.adminsOnly } });
  });

  it("lets leaders into the leaders' routes only, and admins into both, with the role on the context", async () => {
    const leader = await userWithRole("leader");
    expect(await call(t, "/role-check/leader", { cookie: leader.cookie })).toMatchObject({
      status: 200,
      data: { role: "leader" },
    });
    const refused = await call(t, "/role-check/admin", { cookie: leader.cookie });
    expect(refused.status).toBe(403);
    expect(refused.data.error.message).toBe(REPORT_MESSAGES.adminsOnly);

    const admin = await userWithRole("admin");
    for (const path of ["/role-check/leader", "/role-check/admin"])
      expect(await call(t, path, { cookie: admin.cookie })).toMatchObject({
        status: 200,
        data: { role: "admin" },
      });
  });

  it("reads the role on every request, so a change counts at once", async () => {
    const user = await userWithRole("leader");
    expect((await call(t, "/role-check/leader", { cookie: user.cookie })).status).toBe(200);
    await setRoleByEmail(t.db, user.email, "member");
    expect((await call(t, "/role-check/leader", { cookie: user.cookie })).status).toBe(403);
  });
});

describe("GET /api/profile", () => {
  it("tells the reader their own role", async () => {
    expect(await roleOf(await userWithRole("leader"))).toBe("leader");
    expect(await roleOf(await signUpUser(t))).toBe("member");
  });
});

describe("pinning by role", () => {
  it("is the group owner's, or any leader's or admin's", () => {
    expect(canPinPosts("owner", "member")).toBe(true);
    expect(canPinPosts("member", "leader")).toBe(true);
    expect(canPinPosts("member", "admin")).toBe(true);
    expect(canPinPosts("member", "member")).toBe(false);
    expect(canPinPosts(null, undefined)).toBe(false);
  });

  it("lets a leader who is a plain member of the group pin; members and non-member admins may not", async () => {
    const owner = await signUpUser(t);
    const group = await createGroupAs(t, owner, "Pinning by role");
    const leader = await userWithRole("leader");
    const member = await signUpUser(t);
    const outsideAdmin = await userWithRole("admin");
    await joinGroupAs(t, leader, group);
    await joinGroupAs(t, member, group);
    const form = new FormData();
    form.set("title", "Sunday");
    form.set("content", "Bring your Bible.");
    const post = await call(t, `/api/groups/${group.id}/posts`, { cookie: member.cookie, body: form });
    expect(post.status, post.text).toBe(201);

    const pin = (user: User, pinned: boolean) =>
      call(t, `/api/groups/${group.id}/posts/${post.data.id}/pin`, {
        cookie: user.cookie,
        method: "PUT",
        json: { pinned },
      });
    expect(await pin(leader, true)).toMatchObject({ status: 200, data: { isPinned: true } });
    expect((await pin(member, false)).status).toBe(403);
    // Reading a group's feed at all still takes membership.
    expect((await pin(outsideAdmin, false)).status).toBe(403);
    expect(await pin(leader, false)).toMatchObject({ status: 200, data: { isPinned: false } });
  });
});
