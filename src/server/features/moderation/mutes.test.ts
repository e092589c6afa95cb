import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MUTE_MESSAGES,
  type MutedMember,
  mutedMessage,
  REPORT_MESSAGES,
} from "../../../core/schemas/moderation";
import { auditLog, profiles, reports } from "../../db/schema";
import { groupWithMembers } from "../../test/fixtures";
import {
  call,
  type createGroupAs,
  createTestApp,
  joinGroupAs,
  signUpUser,
  signUpUserWithRole,
  type TestApp,
} from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUpUser>>;
type Group = Awaited<ReturnType<typeof createGroupAs>>;

async function setUp() {
  const { owner, group, members } = await groupWithMembers(t, { members: 1 });
  return { owner, group, member: members[0] };
}

const sendMessage = (group: Group, user: User, body = "Seven times around!") =>
  call(t, `/api/groups/${group.id}/messages`, { cookie: user.cookie, json: { body } });

/** A chat message by `author`, reported by `reporter`; the report's id. */
async function reportedMessage(group: Group, author: User, reporter: User) {
  const sent = await sendMessage(group, author, "Rude words");
  expect(sent.status, sent.text).toBe(201);
  const reported = await call(t, "/api/reports", {
    cookie: reporter.cookie,
    json: { targetType: "message", targetId: String(sent.data.id), reason: "unkind" },
  });
  expect(reported.status, reported.text).toBe(201);
  const [row] = await t.db
    .select()
    .from(reports)
    .where(eq(reports.targetId, String(sent.data.id)));
  if (!row) throw new Error("no report");
  return row.id;
}

const mute = (user: User, reportId: string) =>
  call(t, `/api/leader/reports/${reportId}/action`, {
    cookie: user.cookie,
    json: { action: "mute", muteFor: "24h", reason: "Unkind in chat" },
  });

const lift = (user: User, userId: string, json: unknown = { reason: "We talked it through" }) =>
  call(t, `/api/leader/mutes/${userId}/lift`, { cookie: user.cookie, json });

const mutedUntil = async (userId: string) =>
  (await t.db.select().from(profiles).where(eq(profiles.id, userId)))[0]?.mutedUntil ?? null;

const muteFor24h = (userId: string) =>
  t.db
    .update(profiles)
    .set({ mutedUntil: new Date(Date.now() + 24 * 3_600_000) })
    .where(eq(profiles.id, userId));

const auditOf = (userId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, "user"), eq(auditLog.targetId, userId)))
    .orderBy(auditLog.id);

describe("who may mute whom", () => {
  it("refuses a leader muting a leader or an admin, leaving the report open and nothing recorded", async () => {
    const { group, member } = await setUp();
    const leader = await signUpUserWithRole(t, "leader");
    for (const role of ["leader", "admin"] as const) {
      const author = await signUpUserWithRole(t, role);
      await joinGroupAs(t, author, group);
      const reportId = await reportedMessage(group, author, member);
      const refused = await mute(leader, reportId);
      expect(refused.status, role).toBe(403);
      expect(refused.data.error).toEqual({ code: "admins_only", message: MUTE_MESSAGES.adminsOnly });
      expect(await mutedUntil(author.id)).toBeNull();
      expect((await t.db.select().from(reports).where(eq(reports.id, reportId)))[0]?.status).toBe("open");
      expect(await auditOf(author.id)).toEqual([]);
    }
  });

  it("lets an admin mute a leader or an admin, and a leader mute a member", async () => {
    const { group, member } = await setUp();
    const admin = await signUpUserWithRole(t, "admin");
    const leader = await signUpUserWithRole(t, "leader");
    for (const role of ["leader", "admin"] as const) {
      const author = await signUpUserWithRole(t, role);
      await joinGroupAs(t, author, group);
      const muted = await mute(admin, await reportedMessage(group, author, member));
      expect(muted.status, muted.text).toBe(200);
      expect(await mutedUntil(author.id)).toBeInstanceOf(Date);
      expect((await auditOf(author.id)).map((row) => [row.action, row.actorId])).toEqual([
        ["mute", admin.id],
      ]);
    }
    const other = await signUpUser(t);
    await joinGroupAs(t, other, group);
    expect((await mute(leader, await reportedMessage(group, other, member))).status).toBe(200);
    expect(await mutedUntil(other.id)).toBeInstanceOf(Date);
  });
});

describe("lifting a mute early", () => {
  it("lets the leader who muted a member lift it: they write again, and the audit log has both", async () => {
    const { group, member, owner } = await setUp();
    const leader = await signUpUserWithRole(t, "leader");
    expect((await mute(leader, await reportedMessage(group, member, owner))).status).toBe(200);
    const until = await mutedUntil(member.id);
    if (!until) throw new Error("not muted");
    const refused = await sendMessage(group, member);
    expect(refused.status).toBe(403);
    expect(refused.data.error.message).toBe(mutedMessage(until));

    const lifted = await lift(leader, member.id);
    expect(lifted.status, lifted.text).toBe(200);
    expect(lifted.data).toEqual({ user: { id: member.id }, mutedUntil: null });
    expect(await mutedUntil(member.id)).toBeNull();
    expect((await sendMessage(group, member, "Sorry, everyone")).status).toBe(201);

    const audit = await auditOf(member.id);
    expect(audit.map((row) => [row.action, row.actorId, row.reason])).toEqual([
      ["mute", leader.id, "Unkind in chat"],
      ["unmute", leader.id, "We talked it through"],
    ]);
    expect(audit[1]?.details).toEqual({ mutedUntil: until.toISOString() });
    // Admins read it where they read every other leader action.
    const admin = await signUpUserWithRole(t, "admin");
    const log = await call(t, "/api/leader/audit", { cookie: admin.cookie });
    const [newest] = log.data.entries;
    expect(newest).toMatchObject({
      action: "unmute",
      targetType: "user",
      targetId: member.id,
      reason: "We talked it through",
      actor: { id: leader.id, username: leader.username },
    });
  });

  it("refuses a member (403) before reading the body, and changes nothing", async () => {
    const { member, owner } = await setUp();
    await muteFor24h(member.id);
    for (const body of [{ reason: "I want to" }, {}]) {
      const refused = await lift(owner, member.id, body);
      expect(refused.status).toBe(403);
      expect(refused.data.error).toEqual({ code: "leaders_only", message: REPORT_MESSAGES.leadersOnly });
    }
    expect((await lift(member, member.id)).status).toBe(403);
    expect(await mutedUntil(member.id)).toBeInstanceOf(Date);
    expect(await auditOf(member.id)).toEqual([]);
  });

  it("refuses a leader lifting a leader's or an admin's mute, which an admin may lift", async () => {
    const leader = await signUpUserWithRole(t, "leader");
    const admin = await signUpUserWithRole(t, "admin");
    for (const role of ["leader", "admin"] as const) {
      const muted = await signUpUserWithRole(t, role);
      await muteFor24h(muted.id);
      const refused = await lift(leader, muted.id);
      expect(refused.status, role).toBe(403);
      expect(refused.data.error).toEqual({ code: "admins_only", message: MUTE_MESSAGES.adminsOnly });
      expect(await mutedUntil(muted.id)).toBeInstanceOf(Date);
      expect((await lift(admin, muted.id)).status, role).toBe(200);
      expect(await mutedUntil(muted.id)).toBeNull();
      expect((await auditOf(muted.id)).map((row) => [row.action, row.actorId])).toEqual([
        ["unmute", admin.id],
      ]);
    }
  });

  it("answers 409 when nobody is muted, 404 for an unknown member and 400 without a reason", async () => {
    const leader = await signUpUserWithRole(t, "leader");
    const member = await signUpUser(t);
    const notMuted = await lift(leader, member.id);
    expect(notMuted.status).toBe(409);
    expect(notMuted.data.error.message).toBe(MUTE_MESSAGES.notMuted);
    // A mute that has run out is no mute to lift.
    await t.db
      .update(profiles)
      .set({ mutedUntil: new Date(Date.now() - 1000) })
      .where(eq(profiles.id, member.id));
    expect((await lift(leader, member.id)).status).toBe(409);
    const unknown = await lift(leader, "no-such-user");
    expect(unknown.status).toBe(404);
    expect(unknown.data.error.message).toBe(MUTE_MESSAGES.memberNotFound);
    await muteFor24h(member.id);
    for (const body of [{}, { reason: "   " }]) {
      const noReason = await lift(leader, member.id, body);
      expect(noReason.status).toBe(400);
      expect(noReason.data.error.message).toBe(REPORT_MESSAGES.actionReasonRequired);
    }
    expect(await auditOf(member.id)).toEqual([]);
  });

  it("lets one of two leaders lifting at once do it, and tells the other nobody is muted", async () => {
    const member = await signUpUser(t);
    await muteFor24h(member.id);
    const [first, second] = [await signUpUserWithRole(t, "leader"), await signUpUserWithRole(t, "leader")];
    const answers = await Promise.all([lift(first, member.id), lift(second, member.id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await auditOf(member.id)).toHaveLength(1);
  });
});

describe("the list of muted members", () => {
  it("shows leaders who is muted now, soonest to end first, and which mutes they may lift", async () => {
    const leader = await signUpUserWithRole(t, "leader");
    const admin = await signUpUserWithRole(t, "admin");
    const member = await signUpUser(t);
    const mutedLeader = await signUpUserWithRole(t, "leader");
    const notMuted = await signUpUser(t);
    await muteFor24h(mutedLeader.id);
    await t.db
      .update(profiles)
      .set({ mutedUntil: new Date(Date.now() + 3_600_000) })
      .where(eq(profiles.id, member.id));
    await t.db
      .update(profiles)
      .set({ mutedUntil: new Date(Date.now() - 1000) })
      .where(eq(profiles.id, notMuted.id));

    const listFor = async (user: User) => {
      const response = await call(t, "/api/leader/mutes", { cookie: user.cookie });
      expect(response.status, response.text).toBe(200);
      const ours = new Set([member.id, mutedLeader.id, notMuted.id]);
      return (response.data.mutes as MutedMember[]).filter((entry) => ours.has(entry.user.id));
    };
    const forLeader = await listFor(leader);
    expect(forLeader.map((entry) => [entry.user.username, entry.canLift])).toEqual([
      [member.username, true],
      [mutedLeader.username, false],
    ]);
    expect(forLeader[0]?.mutedUntil).toBe((await mutedUntil(member.id))?.toISOString());
    expect((await listFor(admin)).map((entry) => entry.canLift)).toEqual([true, true]);

    const refused = await call(t, "/api/leader/mutes", { cookie: member.cookie });
    expect(refused.status).toBe(403);
  });
});
