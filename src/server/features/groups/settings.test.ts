import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GROUP_MESSAGES } from "../../../core/schemas/groups";
import { MEDIA_MESSAGES } from "../../../core/schemas/moderation";
import { auditLog, studyGroups } from "../../db/schema";
import { groupWithMembers } from "../../test/fixtures";
import {
  call,
  createGroupAs,
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

async function setUp() {
  const { owner, group, members, leaders } = await groupWithMembers(t, { members: 1, leaders: 1 });
  return { owner, group, member: members[0], leader: leaders[0] };
}

const putSettings = (user: User, groupId: string, json: unknown) =>
  call(t, `/api/groups/${groupId}/settings`, { cookie: user.cookie, method: "PUT", json });

const stored = async (groupId: string) =>
  (await t.db.select().from(studyGroups).where(eq(studyGroups.id, groupId)))[0]?.approveMediaFirst;

const auditOf = (groupId: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.targetId, groupId)).orderBy(auditLog.id);

describe("the group's 'approve media first' setting", () => {
  it("starts on, and the group page says only leaders and admins in it may change it", async () => {
    const { owner, group, member, leader } = await setUp();
    const detail = async (user: User) =>
      (await call(t, `/api/groups/${group.id}`, { cookie: user.cookie })).data;
    expect(await detail(owner)).toMatchObject({ approveMediaFirst: true, canManage: false, role: "owner" });
    expect(await detail(leader)).toMatchObject({ approveMediaFirst: true, canManage: true, role: "member" });
    expect(await detail(member)).toMatchObject({ approveMediaFirst: true, canManage: false });
  });

  it("lets a leader turn it off and on, recording each change once in the audit log", async () => {
    const { group, leader } = await setUp();
    const off = await putSettings(leader, group.id, { approveMediaFirst: false });
    expect(off.status, off.text).toBe(200);
    expect(off.data).toEqual({ approveMediaFirst: false });
    expect(await stored(group.id)).toBe(false);
    expect((await call(t, `/api/groups/${group.id}`, { cookie: leader.cookie })).data.approveMediaFirst).toBe(
      false,
    );
    // The same value again changes nothing, so there is nothing to record.
    expect((await putSettings(leader, group.id, { approveMediaFirst: false })).status).toBe(200);
    expect((await putSettings(leader, group.id, { approveMediaFirst: true })).status).toBe(200);
    expect(await stored(group.id)).toBe(true);
    const audit = await auditOf(group.id);
    expect(audit.map((row) => [row.actorId, row.action, row.targetType, row.reason])).toEqual([
      [leader.id, "group_settings", "group", "approveMediaFirst off"],
      [leader.id, "group_settings", "group", "approveMediaFirst on"],
    ]);
  });

  it("lets a leader or admin who is a member change it, an admin who owns the group too", async () => {
    const { group, leader } = await setUp();
    expect((await putSettings(leader, group.id, { approveMediaFirst: false })).status).toBe(200);
    const admin = await signUpUserWithRole(t, "admin");
    await joinGroupAs(t, admin, group);
    expect((await putSettings(admin, group.id, { approveMediaFirst: true })).status).toBe(200);
    const adminOwner = await signUpUserWithRole(t, "admin");
    const own = await createGroupAs(t, adminOwner, "An admin's group");
    expect((await putSettings(adminOwner, own.id, { approveMediaFirst: false })).status).toBe(200);
    expect(await stored(own.id)).toBe(false);
    expect((await auditOf(group.id)).map((row) => row.actorId)).toEqual([leader.id, admin.id]);
  });

  it("refuses the group's owner who is a plain member, as it does any member, changing nothing", async () => {
    const { owner, group, member } = await setUp();
    for (const user of [owner, member]) {
      const refused = await putSettings(user, group.id, { approveMediaFirst: false });
      expect(refused.status).toBe(403);
      expect(refused.data.error).toEqual({
        code: "leaders_only",
        message: MEDIA_MESSAGES.settingLeadersOnly,
      });
    }
    expect(await stored(group.id)).toBe(true);
    expect(await auditOf(group.id)).toEqual([]);
  });

  it("refuses anyone outside the group, leaders and admins included, changing nothing", async () => {
    const { group } = await setUp();
    // As every other group route answers someone outside it: members only, and nothing of the group shown.
    for (const outsider of [
      await signUpUser(t),
      await signUpUserWithRole(t, "leader"),
      await signUpUserWithRole(t, "admin"),
    ]) {
      const response = await putSettings(outsider, group.id, { approveMediaFirst: false });
      expect(response.status).toBe(403);
      expect(response.data.error.message).toBe(GROUP_MESSAGES.membersOnly);
    }
    expect(await stored(group.id)).toBe(true);
    expect(await auditOf(group.id)).toEqual([]);
  });

  it("answers 404 for a malformed or unknown group, 400 for a bad body and 401 for a visitor", async () => {
    const { leader, group } = await setUp();
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      expect((await putSettings(leader, id, { approveMediaFirst: false })).status).toBe(404);
    }
    for (const json of [{}, { approveMediaFirst: "no" }, { approveMediaFirst: null }]) {
      expect((await putSettings(leader, group.id, json)).status).toBe(400);
    }
    const visitor = await call(t, `/api/groups/${group.id}/settings`, {
      method: "PUT",
      json: { approveMediaFirst: false },
    });
    expect(visitor.status).toBe(401);
    expect(await stored(group.id)).toBe(true);
  });
});
