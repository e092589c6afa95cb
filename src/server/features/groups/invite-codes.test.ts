import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GROUP_MESSAGES } from "../../../core/schemas/groups";
import { auditLog, groupMembers, rateLimitEvents, studyGroups } from "../../db/schema";
import { LIMIT_RULES } from "../../shared/rate-limit";
import {
  call,
  createGroupAs,
  createTestApp,
  joinGroupAs,
  signUpUser,
  signUpUserWithRole,
  type TestApp,
  type TestUser,
} from "../../test/harness";
import { createGroup, newInviteCode, renewInviteCode } from "./service";

// Invite codes: tries at joining are limited per account and per address, and a group's leader can replace
// its code. The limits hold under parallel requests because each try is recorded, under a lock, before the
// code is looked up. On PGlite transactions run one at a time, so a missing lock cannot show there: CI runs
// this file on PostgreSQL too, where the requests really race.

const JOINS = LIMIT_RULES.inviteJoin.max;
const JOINS_PER_ADDRESS = LIMIT_RULES.inviteJoinPerIp.max;

/** The app with its suite defaults (joins not limited), and one with the join limit as shipped. */
let t: TestApp;
let limited: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  limited = await createTestApp({ limits: { inviteJoin: JOINS, inviteJoinPerIp: JOINS_PER_ADDRESS } });
});
afterAll(async () => {
  await t.close();
  await limited.close();
});

let addresses = 0;
/** A network address of its own, so that tests do not share the count per address. */
const newAddress = () => {
  addresses += 1;
  return `198.18.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

const join = (app: TestApp, user: TestUser, code: string, address: string) =>
  call(app, "/api/groups/join", {
    cookie: user.cookie,
    json: { code },
    headers: { "x-forwarded-for": address },
  });

/** A code no group has: all digits would do, but a clash with a real group must not make a test pass. */
async function unusedCode(app: TestApp): Promise<string> {
  for (;;) {
    const code = newInviteCode();
    if ((await app.db.select().from(studyGroups).where(eq(studyGroups.inviteCode, code))).length === 0)
      return code;
  }
}

const answered = (responses: { status: number }[]) => responses.filter((response) => response.status !== 429);

describe("joining by invite code is limited", () => {
  it(`counts every try, right or wrong, per account: after ${JOINS} in an hour even the right code is refused`, async () => {
    const owner = await signUpUser(limited);
    const groups = [
      await createGroupAs(limited, owner, "First"),
      await createGroupAs(limited, owner, "Second"),
    ];
    const child = await signUpUser(limited);
    const wrong = await unusedCode(limited);
    for (let index = 0; index < JOINS - 2; index++) {
      // Each from another address: this is the account's own count.
      const response = await join(limited, child, wrong, newAddress());
      expect(response.status).toBe(404);
      expect(response.data.error.message).toBe(GROUP_MESSAGES.invalidCode);
    }
    expect((await join(limited, child, groups[0]?.inviteCode ?? "", newAddress())).status).toBe(200);
    // Already a member: still a try.
    expect((await join(limited, child, groups[0]?.inviteCode ?? "", newAddress())).status).toBe(409);

    const refused = await join(limited, child, groups[1]?.inviteCode ?? "", newAddress());
    expect(refused.status).toBe(429);
    expect(refused.data.error).toEqual({
      code: LIMIT_RULES.inviteJoin.code,
      message: "Too many invite codes tried. Please wait an hour, or ask your leader for the code.",
    });
    const memberships = await limited.db.select().from(groupMembers).where(eq(groupMembers.userId, child.id));
    expect(memberships.map((row) => row.groupId)).toEqual([groups[0]?.id]);

    // Another child is not held back by this one.
    const friend = await signUpUser(limited);
    expect((await join(limited, friend, groups[1]?.inviteCode ?? "", newAddress())).status).toBe(200);

    // Tries older than an hour no longer count.
    await limited.db
      .update(rateLimitEvents)
      .set({ createdAt: new Date(Date.now() - LIMIT_RULES.inviteJoin.windowMs - 60_000) })
      .where(eq(rateLimitEvents.key, `inviteJoin:user:${child.id}`));
    expect((await join(limited, child, groups[1]?.inviteCode ?? "", newAddress())).status).toBe(200);
  });

  it(`answers 50 parallel guesses by one account at most ${JOINS} times, from whatever addresses`, async () => {
    const guesser = await signUpUser(limited);
    const wrong = await unusedCode(limited);
    const guesses = await Promise.all(
      Array.from({ length: 50 }, () => join(limited, guesser, wrong, newAddress())),
    );
    expect(answered(guesses)).toHaveLength(JOINS);
    expect(new Set(answered(guesses).map((response) => response.status))).toEqual(new Set([404]));
  });

  it(`answers 150 parallel guesses by 10 accounts from one address at most ${JOINS_PER_ADDRESS} times`, async () => {
    const owner = await signUpUser(limited);
    const group = await createGroupAs(limited, owner, "Guessed");
    const fakes: TestUser[] = [];
    for (let index = 0; index < 10; index++) fakes.push(await signUpUser(limited));
    const address = newAddress();
    const wrong = await unusedCode(limited);
    // Fifteen each: every account has room for all of its own, so only the count per address can stop them.
    // One try has the right code, and is counted like the rest.
    const guesses = await Promise.all(
      Array.from({ length: 150 }, (_, index) =>
        join(limited, fakes[index % 10] as TestUser, index === 149 ? group.inviteCode : wrong, address),
      ),
    );
    expect(answered(guesses)).toHaveLength(JOINS_PER_ADDRESS);

    // The address is spent; an account that never tried, from there, is refused too, and elsewhere it is not.
    const newcomer = await signUpUser(limited);
    expect((await join(limited, newcomer, group.inviteCode, address)).status).toBe(429);
    expect((await join(limited, newcomer, group.inviteCode, newAddress())).status).toBe(200);
  });
});

describe("a new invite code", () => {
  const renew = (user: { cookie: string }, groupId: string) =>
    call(t, `/api/groups/${groupId}/invite-code`, { cookie: user.cookie, method: "POST" });

  it("is made by the owner, or a leader or admin of the group; the old code stops working and members stay", async () => {
    const owner = await signUpUser(t);
    const group = await createGroupAs(t, owner, "Fishers of men");
    const member = await signUpUser(t);
    await joinGroupAs(t, member, group);

    const renewed = await renew(owner, group.id);
    expect(renewed.status).toBe(200);
    const { inviteCode } = renewed.data as { inviteCode: string };
    expect(inviteCode).toMatch(/^[A-Z0-9]{6}$/);
    expect(inviteCode).not.toBe(group.inviteCode);
    expect((await call(t, `/api/groups/${group.id}`, { cookie: member.cookie })).data.inviteCode).toBe(
      inviteCode,
    );

    const latecomer = await signUpUser(t);
    const withOld = await call(t, "/api/groups/join", {
      cookie: latecomer.cookie,
      json: { code: group.inviteCode },
    });
    expect(withOld.status).toBe(404);
    expect(withOld.data.error.message).toBe(GROUP_MESSAGES.invalidCode);
    expect(
      (
        await call(t, "/api/groups/join", {
          cookie: latecomer.cookie,
          json: { code: inviteCode.toLowerCase() },
        })
      ).status,
    ).toBe(200);
    expect(await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, group.id))).toHaveLength(3);

    // A leader and an admin who belong to the group may too, and each change is on the record.
    const leader = await signUpUserWithRole(t, "leader");
    const admin = await signUpUserWithRole(t, "admin");
    let code = inviteCode;
    for (const user of [leader, admin]) {
      await joinGroupAs(t, user, { inviteCode: code });
      const response = await renew(user, group.id);
      expect(response.status).toBe(200);
      expect(response.data.inviteCode).not.toBe(code);
      code = response.data.inviteCode;
    }
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, group.id), eq(auditLog.action, "new_invite_code")))
      .orderBy(auditLog.id);
    expect(audit.map((row) => [row.actorId, row.targetType])).toEqual([
      [owner.id, "group"],
      [leader.id, "group"],
      [admin.id, "group"],
    ]);
    // The log keeps no code: an old one opens nothing, the new one is for members.
    expect(JSON.stringify(audit)).not.toContain(code);
  });

  it("is refused to a plain member (403), to a leader outside the group (403) and to visitors (401)", async () => {
    const owner = await signUpUser(t);
    const group = await createGroupAs(t, owner, "Tax collectors");
    const member = await signUpUser(t);
    await joinGroupAs(t, member, group);
    const outsideLeader = await signUpUserWithRole(t, "leader");

    const asMember = await renew(member, group.id);
    expect(asMember.status).toBe(403);
    expect(asMember.data.error).toEqual({ code: "leaders_only", message: GROUP_MESSAGES.newCodeLeadersOnly });
    const asOutsider = await renew(outsideLeader, group.id);
    expect(asOutsider.status).toBe(403);
    expect(asOutsider.data.error.code).toBe("members_only");
    expect((await call(t, `/api/groups/${group.id}/invite-code`, { method: "POST" })).status).toBe(401);
    expect((await renew(owner, "not-a-group")).status).toBe(404);

    const [stored] = await t.db.select().from(studyGroups).where(eq(studyGroups.id, group.id));
    expect(stored?.inviteCode).toBe(group.inviteCode);
  });
});

describe("invite codes stay unique", () => {
  /** Hands out these codes in turn, then fresh random ones, counting how many were asked for. */
  function codesFrom(first: string[]) {
    const asked = { count: 0 };
    const next = () => {
      asked.count += 1;
      return first[asked.count - 1] ?? newInviteCode();
    };
    return { next, asked };
  }

  it("retries a clash with another group's code with a new one, for a new group and a new code alike", async () => {
    const owner = await signUpUser(t);
    const taken = await createGroupAs(t, owner, "Taken");
    const other = await createGroupAs(t, owner, "Other");

    const forNew = codesFrom([taken.inviteCode, other.inviteCode]);
    const created = await createGroup(t.db, owner.id, "Clashing", forNew.next);
    expect(forNew.asked.count).toBe(3);
    expect([taken.inviteCode, other.inviteCode]).not.toContain(created.inviteCode);
    expect(created.inviteCode).toMatch(/^[A-Z0-9]{6}$/);

    const forRenewal = codesFrom([taken.inviteCode]);
    const renewed = await renewInviteCode(t.db, owner.id, other.id, forRenewal.next);
    expect(forRenewal.asked.count).toBe(2);
    expect(renewed.inviteCode).not.toBe(taken.inviteCode);
    const [stored] = await t.db.select().from(studyGroups).where(eq(studyGroups.id, other.id));
    expect(stored?.inviteCode).toBe(renewed.inviteCode);
  });

  it("gives up after a few clashes in a row, changing nothing", async () => {
    const owner = await signUpUser(t);
    const taken = await createGroupAs(t, owner, "Taken again");
    const mine = await createGroupAs(t, owner, "Mine");
    const always = () => taken.inviteCode;
    await expect(renewInviteCode(t.db, owner.id, mine.id, always)).rejects.toThrow(
      "could not find a free invite code",
    );
    await expect(createGroup(t.db, owner.id, "Never made", always)).rejects.toThrow(
      "could not find a free invite code",
    );
    const [stored] = await t.db.select().from(studyGroups).where(eq(studyGroups.id, mine.id));
    expect(stored?.inviteCode).toBe(mine.inviteCode);
    expect(await t.db.select().from(studyGroups).where(like(studyGroups.name, "Never made"))).toEqual([]);
  });
});
