import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARE_MAIL_MESSAGES, GUARDRAIL_MESSAGES } from "../../../core/schemas/moderation";
import { auditLog, notifications, profiles } from "../../db/schema";
import { readableEml } from "../../test/eml";
import { groupWithMembers } from "../../test/fixtures";
import {
  call,
  createTestApp,
  parallel,
  signUpUser,
  signUpUserWithRole,
  type TestApp,
  type TestUser,
} from "../../test/harness";

// Care alerts by email (issue 25): a leader cannot turn them off; an admin can, for a leader who is not
// responsible for children's care, and that leader still hears of each alert by the bell.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setCareMails = (actor: TestUser | null, userId: string, json: unknown) =>
  call(t, `/api/leader/care-mails/${encodeURIComponent(userId)}`, {
    method: "PUT",
    cookie: actor?.cookie,
    json,
  });

const careMailsOf = async (user: TestUser) => {
  const [row] = await t.db.select({ on: profiles.careMails }).from(profiles).where(eq(profiles.id, user.id));
  return row?.on;
};

describe("GET and PUT /api/leader/care-mails", () => {
  it("lists every leader with their setting, for admins only", async () => {
    const admin = await signUpUserWithRole(t, "admin");
    const leader = await signUpUserWithRole(t, "leader");
    const member = await signUpUser(t);

    const list = await call(t, "/api/leader/care-mails", { cookie: admin.cookie });
    expect(list.status, list.text).toBe(200);
    const ids = list.data.leaders.map((row: { id: string }) => row.id);
    expect(ids).toContain(leader.id);
    expect(ids).not.toContain(admin.id);
    expect(ids).not.toContain(member.id);
    expect(list.data.leaders.find((row: { id: string }) => row.id === leader.id)).toEqual({
      id: leader.id,
      username: leader.username,
      careMails: true,
    });

    expect((await call(t, "/api/leader/care-mails", { cookie: leader.cookie })).status).toBe(403);
    expect((await call(t, "/api/leader/care-mails", { cookie: member.cookie })).status).toBe(403);
    expect((await call(t, "/api/leader/care-mails")).status).toBe(401);
  });

  it("lets an admin turn a leader's care mails off and on, recorded in the audit log", async () => {
    const admin = await signUpUserWithRole(t, "admin");
    const leader = await signUpUserWithRole(t, "leader");

    const off = await setCareMails(admin, leader.id, { on: false });
    expect(off.status, off.text).toBe(200);
    expect(off.data).toEqual({ id: leader.id, username: leader.username, careMails: false });
    expect(await careMailsOf(leader)).toBe(false);
    const on = await setCareMails(admin, leader.id, { on: true });
    expect(on.data.careMails).toBe(true);

    const audit = await t.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.targetId, leader.id));
    expect(audit).toEqual([
      { action: "care_mails_off", actorId: admin.id },
      { action: "care_mails_on", actorId: admin.id },
    ]);
  });

  it("refuses leaders (even for themselves) and members with 403, and changes nothing", async () => {
    const leader = await signUpUserWithRole(t, "leader");
    const otherLeader = await signUpUserWithRole(t, "leader");
    const member = await signUpUser(t);
    for (const [actor, target] of [
      [leader, leader],
      [leader, otherLeader],
      [member, leader],
    ] as const) {
      const response = await setCareMails(actor, target.id, { on: false });
      expect(response.status).toBe(403);
    }
    expect((await setCareMails(null, leader.id, { on: false })).status).toBe(401);
    expect(await careMailsOf(leader)).toBe(true);
    expect(await careMailsOf(otherLeader)).toBe(true);
  });

  it("keeps admins' and members' care mails (422), answers an unknown id with 404 and a bad body with 400", async () => {
    const admin = await signUpUserWithRole(t, "admin");
    const otherAdmin = await signUpUserWithRole(t, "admin");
    const member = await signUpUser(t);
    const leader = await signUpUserWithRole(t, "leader");

    for (const target of [otherAdmin, admin, member]) {
      const response = await setCareMails(admin, target.id, { on: false });
      expect(response.status).toBe(422);
      expect(response.data.error.message).toBe(CARE_MAIL_MESSAGES.notLeader);
      expect(await careMailsOf(target)).toBe(true);
    }
    expect((await setCareMails(admin, "no-such-user", { on: false })).status).toBe(404);
    for (const body of [{}, { on: "no" }, { on: false, extra: 1 }, null]) {
      const response = await setCareMails(admin, leader.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(await careMailsOf(leader)).toBe(true);
  });

  it("records one change however many admins turn it off at once", async () => {
    const admin = await signUpUserWithRole(t, "admin");
    const leader = await signUpUserWithRole(t, "leader");
    const responses = await parallel(10, () => setCareMails(admin, leader.id, { on: false }));
    expect(responses.map((response) => response.status)).toEqual(responses.map(() => 200));
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, leader.id), eq(auditLog.action, "care_mails_off")));
    expect(audit).toHaveLength(1);
  });
});

describe("a care alert with a leader's mails turned off", () => {
  it("still rings that leader's bell, mails the other leaders and every admin, and not them", async () => {
    const admin = await signUpUserWithRole(t, "admin");
    const { group, members, leaders } = await groupWithMembers(t, { members: 1, leaders: 2 });
    const [child] = members;
    const [quiet, responsible] = leaders;
    expect(group).toBeDefined();
    expect((await setCareMails(admin, quiet.id, { on: false })).status).toBe(200);

    const asked = await call(t, "/api/qna/ask", {
      cookie: child.cookie,
      json: { question: "my dad hurts me when he gets angry" },
    });
    expect(asked.status).toBe(200);
    await t.mailQueueSettled();

    const careMailsTo = (user: TestUser) =>
      t
        .readOutbox()
        .map(readableEml)
        .filter(
          (mail) => mail.includes(`To: ${user.email}`) && mail.includes(GUARDRAIL_MESSAGES.leaderMailSubject),
        );
    expect(careMailsTo(quiet)).toHaveLength(0);
    expect(careMailsTo(responsible)).toHaveLength(1);
    expect(careMailsTo(admin)).toHaveLength(1);
    const bell = await t.db
      .select({ recipientId: notifications.recipientId })
      .from(notifications)
      .where(eq(notifications.message, GUARDRAIL_MESSAGES.leaderNotice));
    expect(bell.map((row) => row.recipientId)).toEqual(
      expect.arrayContaining([quiet.id, responsible.id, admin.id]),
    );
  });
});
