import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GROUP_MESSAGES } from "../../../core/schemas/groups";
import {
  groupMembers,
  groupMessages,
  notifications,
  realtimeEvents,
  studyGroups,
  userAchievements,
} from "../../db/schema";
import { countingDatabase } from "../../test/counting-database";
import { call, createTestApp, signUpUser, type TestApp } from "../../test/harness";
import { openEventStream } from "../../test/sse";
import { requireMember } from "./membership";
import { newInviteCode } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function createGroup(cookie: string, name = "Sunday Explorers") {
  const response = await call(t, "/api/groups", { cookie, json: { name } });
  expect(response.status).toBe(201);
  return response.data as { id: string; name: string; inviteCode: string };
}

describe("invite codes", () => {
  it("are 6 uppercase letters or digits", () => {
    for (let index = 0; index < 200; index++) expect(newInviteCode()).toMatch(/^[A-Z0-9]{6}$/);
  });
});

describe("creating and joining a group", () => {
  it("makes the creator its owner with an invite code, and lets others join by code in any case", async () => {
    const owner = await signUpUser(t);
    const group = await createGroup(owner.cookie, "  Sunday Explorers  ");
    expect(group.name).toBe("Sunday Explorers");
    expect(group.inviteCode).toMatch(/^[A-Z0-9]{6}$/);
    // Unique by the database's index, a clash tried again (invite-codes.test.ts makes one happen).
    const [membership] = await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, group.id));
    expect(membership).toMatchObject({ userId: owner.id, role: "owner" });

    const friend = await signUpUser(t);
    const joined = await call(t, "/api/groups/join", {
      cookie: friend.cookie,
      json: { code: ` ${group.inviteCode.toLowerCase()} ` },
    });
    expect(joined.status).toBe(200);
    expect(joined.data.id).toBe(group.id);
    const mine = await call(t, "/api/groups", { cookie: friend.cookie });
    expect(mine.data.groups).toEqual([
      expect.objectContaining({ id: group.id, memberCount: 2, role: "member", inviteCode: group.inviteCode }),
    ]);
  });

  it("announces each new membership to the member's own event topic", async () => {
    const owner = await signUpUser(t);
    const group = await createGroup(owner.cookie);
    const events = await t.db
      .select()
      .from(realtimeEvents)
      .where(eq(realtimeEvents.topic, `user:${owner.id}`));
    expect(
      events.map((event) => [event.type, (event.payload as { groupId: string }).groupId]),
    ).toContainEqual(["membership", group.id]);
  });

  it("earns Group Leader, with its notification, for the creator and for whoever joins, once each", async () => {
    const owner = await signUpUser(t);
    const group = await createGroup(owner.cookie);
    await createGroup(owner.cookie, "A second group");
    const friend = await signUpUser(t);
    await call(t, "/api/groups/join", { cookie: friend.cookie, json: { code: group.inviteCode } });
    for (const user of [owner, friend]) {
      const earned = await t.db.select().from(userAchievements).where(eq(userAchievements.userId, user.id));
      expect(earned.map((row) => row.achievement)).toEqual(["group_leader"]);
      const sent = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.recipientId, user.id), eq(notifications.type, "achievement")));
      expect(sent).toHaveLength(1);
    }
  });

  it("refuses a second join, also when two arrive at once", async () => {
    const owner = await signUpUser(t);
    const group = await createGroup(owner.cookie);
    const again = await call(t, "/api/groups/join", {
      cookie: owner.cookie,
      json: { code: group.inviteCode },
    });
    expect(again.status).toBe(409);
    expect(again.data.error.message).toBe(GROUP_MESSAGES.alreadyMember);

    const friend = await signUpUser(t);
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        call(t, "/api/groups/join", { cookie: friend.cookie, json: { code: group.inviteCode } }),
      ),
    );
    expect(results.map((result) => result.status).sort()).toEqual([200, 409, 409]);
    const members = await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, group.id));
    expect(members).toHaveLength(2);
  });

  it("answers the spec's texts for unknown codes, blank input and visitors", async () => {
    const user = await signUpUser(t);
    const unknown = await call(t, "/api/groups/join", { cookie: user.cookie, json: { code: "ZZZZZ9" } });
    expect(unknown.status).toBe(404);
    expect(unknown.data.error.message).toBe(GROUP_MESSAGES.invalidCode);
    for (const json of [{}, { code: "   " }, { code: 42 }]) {
      expect((await call(t, "/api/groups/join", { cookie: user.cookie, json })).status).toBe(400);
    }
    for (const json of [{}, { name: "   " }, { name: "x".repeat(61) }]) {
      const response = await call(t, "/api/groups", { cookie: user.cookie, json });
      expect(response.status).toBe(400);
    }
    expect((await call(t, "/api/groups/join", { json: { code: "ABCDEF" } })).data.error.message).toBe(
      "Not authenticated",
    );
    expect((await call(t, "/api/groups", { json: { name: "Nope" } })).status).toBe(401);
    expect(await t.db.select().from(studyGroups).where(eq(studyGroups.name, "Nope"))).toHaveLength(0);
  });
});

describe("the membership check", () => {
  it("answers checks made together with one query, each for its own group and user, remembering none", async () => {
    const first = await signUpUser(t);
    const second = await signUpUser(t);
    const firstGroup = await createGroup(first.cookie);
    const secondGroup = await createGroup(second.cookie);
    const { counted, queries } = countingDatabase(t);

    const [own, theirs, notMine, missing] = await Promise.allSettled([
      requireMember(counted, firstGroup.id, first.id),
      requireMember(counted, secondGroup.id, second.id),
      requireMember(counted, firstGroup.id, second.id),
      requireMember(counted, randomUUID(), first.id),
    ]);
    expect(queries.count).toBe(1);
    expect(own).toMatchObject({
      status: "fulfilled",
      value: { group: { id: firstGroup.id }, role: "owner" },
    });
    expect(theirs).toMatchObject({ status: "fulfilled", value: { group: { id: secondGroup.id } } });
    expect(notMine).toMatchObject({ status: "rejected", reason: { status: 403, code: "members_only" } });
    expect(missing).toMatchObject({ status: "rejected", reason: { status: 404, code: "group_not_found" } });

    // Nothing is kept from one check to the next: a member taken out is refused at once.
    await t.db
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, firstGroup.id), eq(groupMembers.userId, first.id)));
    await expect(requireMember(counted, firstGroup.id, first.id)).rejects.toMatchObject({ status: 403 });
    expect(queries.count).toBe(2);
  });
});

describe("leaving a group", () => {
  it("hands an owner's group to its longest-standing member, and keeps an owner who is alone", async () => {
    const owner = await signUpUser(t);
    const group = await createGroup(owner.cookie);
    const alone = await call(t, `/api/groups/${group.id}/members/me`, {
      cookie: owner.cookie,
      method: "DELETE",
    });
    expect(alone.status).toBe(409);
    expect(alone.data.error.message).toBe(GROUP_MESSAGES.ownerAlone);

    const first = await signUpUser(t);
    const second = await signUpUser(t);
    await call(t, "/api/groups/join", { cookie: first.cookie, json: { code: group.inviteCode } });
    await call(t, "/api/groups/join", { cookie: second.cookie, json: { code: group.inviteCode } });
    const left = await call(t, `/api/groups/${group.id}/members/me`, {
      cookie: owner.cookie,
      method: "DELETE",
    });
    expect(left.status).toBe(204);
    const members = await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, group.id));
    expect(members.map((member) => [member.userId, member.role]).sort()).toEqual(
      [
        [first.id, "owner"],
        [second.id, "member"],
      ].sort(),
    );
    const [stored] = await t.db.select().from(studyGroups).where(eq(studyGroups.id, group.id));
    expect(stored?.ownerId).toBe(first.id);
  });

  it("keeps the group led when its owner and the successor leave at the same moment", async () => {
    const owner = await signUpUser(t);
    const group = await createGroup(owner.cookie);
    const first = await signUpUser(t);
    const second = await signUpUser(t);
    await call(t, "/api/groups/join", { cookie: first.cookie, json: { code: group.inviteCode } });
    await call(t, "/api/groups/join", { cookie: second.cookie, json: { code: group.inviteCode } });
    const results = await Promise.all(
      [owner, first].map((user) =>
        call(t, `/api/groups/${group.id}/members/me`, { cookie: user.cookie, method: "DELETE" }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual([204, 204]);
    const members = await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, group.id));
    expect(members.map((member) => [member.userId, member.role])).toEqual([[second.id, "owner"]]);
    const [stored] = await t.db.select().from(studyGroups).where(eq(studyGroups.id, group.id));
    expect(stored?.ownerId).toBe(second.id);
  });

  it("answers 404 for an unknown group and 401 for a visitor", async () => {
    const user = await signUpUser(t);
    const unknown = await call(t, "/api/groups/00000000-0000-4000-8000-000000000000/members/me", {
      cookie: user.cookie,
      method: "DELETE",
    });
    expect(unknown.status).toBe(404);
    const group = await createGroup(user.cookie);
    expect((await call(t, `/api/groups/${group.id}/members/me`, { method: "DELETE" })).status).toBe(401);
  });
});

describe("All Groups", () => {
  it("lists names and member counts, never a code to a non-member, a page at a time", async () => {
    const owner = await signUpUser(t);
    const created: { id: string; inviteCode: string }[] = [];
    for (let index = 0; index < 3; index++)
      created.push(await createGroup(owner.cookie, `Page group ${index}`));
    const stranger = await signUpUser(t);
    const first = await call(t, "/api/groups?scope=all", { cookie: stranger.cookie });
    expect(first.status).toBe(200);
    const listed = first.data.groups.filter((group: { name: string }) => group.name.startsWith("Page group"));
    expect(listed.map((group: { name: string }) => group.name)).toEqual([
      "Page group 2",
      "Page group 1",
      "Page group 0",
    ]);
    for (const group of listed) expect(group).toMatchObject({ inviteCode: null, role: null, memberCount: 1 });
    const asOwner = await call(t, "/api/groups?scope=all", { cookie: owner.cookie });
    const ownView = asOwner.data.groups.find((group: { id: string }) => group.id === created[0]?.id);
    expect(ownView.inviteCode).toBe(created[0]?.inviteCode);
    expect((await call(t, "/api/groups?scope=all&cursor=%%%", { cookie: owner.cookie })).status).toBe(200);
    expect((await call(t, "/api/groups?scope=everything", { cookie: owner.cookie })).status).toBe(400);
  });

  it("pages with a cursor without repeating or skipping a group", async () => {
    const owner = await signUpUser(t);
    for (let index = 0; index < 55; index++) await createGroup(owner.cookie, `Many ${index}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : "";
      const page = await call(t, `/api/groups?scope=all${query}`, { cookie: owner.cookie });
      seen.push(...page.data.groups.map((group: { id: string }) => group.id));
      cursor = page.data.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(55);
  });
});

describe("the group chat", () => {
  it("is for members only: a non-member can neither read nor write", async () => {
    const owner = await signUpUser(t);
    const group = await createGroup(owner.cookie);
    const stranger = await signUpUser(t);
    const page = await call(t, `/api/groups/${group.id}`, { cookie: stranger.cookie });
    expect(page.status).toBe(403);
    expect(JSON.stringify(page.data)).not.toContain(group.inviteCode);
    expect((await call(t, `/api/groups/${group.id}/messages`, { cookie: stranger.cookie })).status).toBe(403);
    const write = await call(t, `/api/groups/${group.id}/messages`, {
      cookie: stranger.cookie,
      json: { body: "hi" },
    });
    expect(write.status).toBe(403);
    expect(await t.db.select().from(groupMessages).where(eq(groupMessages.groupId, group.id))).toHaveLength(
      0,
    );
    for (const id of ["not-a-uuid", "00000000-0000-0000-0000-000000000000"]) {
      expect((await call(t, `/api/groups/${id}`, { cookie: owner.cookie })).status).toBe(404);
    }
  });

  it("keeps messages oldest first with their sender, pages back through history, and publishes each", async () => {
    const owner = await signUpUser(t);
    const group = await createGroup(owner.cookie);
    const sent = [];
    for (let index = 0; index < 53; index++) {
      const response = await call(t, `/api/groups/${group.id}/messages`, {
        cookie: owner.cookie,
        json: { body: `  Message ${index}  ` },
      });
      expect(response.status).toBe(201);
      sent.push(response.data);
    }
    expect(sent[0]).toMatchObject({ body: "Message 0", sender: { id: owner.id, username: owner.username } });
    const latest = await call(t, `/api/groups/${group.id}/messages`, { cookie: owner.cookie });
    expect(latest.data.hasMore).toBe(true);
    expect(latest.data.messages.map((message: { body: string }) => message.body).at(-1)).toBe("Message 52");
    expect(latest.data.messages).toHaveLength(50);
    const earlier = await call(t, `/api/groups/${group.id}/messages?before=${latest.data.messages[0].id}`, {
      cookie: owner.cookie,
    });
    expect(earlier.data).toMatchObject({ hasMore: false });
    expect(earlier.data.messages.map((message: { body: string }) => message.body)).toEqual([
      "Message 0",
      "Message 1",
      "Message 2",
    ]);
    const events = await t.db
      .select()
      .from(realtimeEvents)
      .where(eq(realtimeEvents.topic, `group:${group.id}`));
    expect(events.filter((event) => event.type === "group_message")).toHaveLength(53);
  });

  it("reaches a member's open tab live, from the moment they join through the real join route", async () => {
    const owner = await signUpUser(t);
    const group = await createGroup(owner.cookie);
    const friend = await signUpUser(t);
    const stream = await openEventStream(t, friend.cookie);
    try {
      const before = await call(t, `/api/groups/${group.id}/messages`, {
        cookie: owner.cookie,
        json: { body: "Too early" },
      });
      expect(before.status).toBe(201);
      await call(t, "/api/groups/join", { cookie: friend.cookie, json: { code: group.inviteCode } });
      expect(await stream.next()).toMatchObject({ type: "membership", data: { groupId: group.id } });
      // A first group also earns Group Leader.
      expect(await stream.next()).toMatchObject({ type: "notification", data: { type: "achievement" } });
      await call(t, `/api/groups/${group.id}/messages`, { cookie: owner.cookie, json: { body: "Welcome!" } });
      const live = await stream.next();
      expect(live).toMatchObject({ type: "group_message", data: { body: "Welcome!", groupId: group.id } });
      expect(await stream.next(300)).toBeUndefined();
    } finally {
      stream.close();
    }
  });

  it("stops reaching a tab the moment its member leaves, and refuses the leaver's reading and writing", async () => {
    const owner = await signUpUser(t);
    const group = await createGroup(owner.cookie);
    const friend = await signUpUser(t);
    await call(t, "/api/groups/join", { cookie: friend.cookie, json: { code: group.inviteCode } });
    const stream = await openEventStream(t, friend.cookie);
    try {
      const left = await call(t, `/api/groups/${group.id}/members/me`, {
        cookie: friend.cookie,
        method: "DELETE",
      });
      expect(left.status).toBe(204);
      expect(await stream.next()).toMatchObject({ type: "membership", data: { groupId: group.id } });
      await call(t, `/api/groups/${group.id}/messages`, {
        cookie: owner.cookie,
        json: { body: "After you left" },
      });
      expect(await stream.next(300)).toBeUndefined();
    } finally {
      stream.close();
    }
    const read = await call(t, `/api/groups/${group.id}/messages`, { cookie: friend.cookie });
    expect(read.status).toBe(403);
    const again = await call(t, `/api/groups/${group.id}/members/me`, {
      cookie: friend.cookie,
      method: "DELETE",
    });
    expect(again.status).toBe(403);
  });

  it("refuses blank and over-long messages", async () => {
    const owner = await signUpUser(t);
    const group = await createGroup(owner.cookie);
    for (const json of [{ body: "   " }, { body: "x".repeat(2001) }, {}, { body: ["hi"] }]) {
      expect((await call(t, `/api/groups/${group.id}/messages`, { cookie: owner.cookie, json })).status).toBe(
        400,
      );
    }
    expect(
      (await call(t, `/api/groups/${group.id}/messages?before=abc`, { cookie: owner.cookie })).status,
    ).toBe(400);
  });
});

describe("member search for @mentions", () => {
  it("finds at most 5 other members whose username contains the text, in any case, by name", async () => {
    // A fresh tag per run keeps these usernames apart from every other test's.
    const tag = Date.now().toString(36).slice(-6);
    const reader = await signUpUser(t, { username: `mo${tag}0` });
    const group = await createGroup(reader.cookie);
    const names = [
      `xMO${tag}d`,
      `mo${tag}f`,
      `Mo${tag}b`,
      `mo${tag}e`,
      `MO${tag}c`,
      `mo${tag}a`,
      `ab_${tag}`,
      `abc${tag}`,
    ];
    const members = new Map<string, string>();
    for (const username of names) {
      const member = await signUpUser(t, { username });
      const joined = await call(t, "/api/groups/join", {
        cookie: member.cookie,
        json: { code: group.inviteCode },
      });
      expect(joined.status).toBe(200);
      members.set(username, member.id);
    }
    await signUpUser(t, { username: `mo${tag}z` });

    const search = async (q: string) => {
      const response = await call(t, `/api/groups/${group.id}/members?q=${encodeURIComponent(q)}`, {
        cookie: reader.cookie,
      });
      expect(response.status, q).toBe(200);
      return (response.data.members as { username: string }[]).map((member) => member.username);
    };

    // The reader (mo…0) and the non-member (mo…z) are left out; xMO…d sorts after the five shown.
    expect(await search(`MO${tag}`)).toEqual([
      `mo${tag}a`,
      `Mo${tag}b`,
      `MO${tag}c`,
      `mo${tag}e`,
      `mo${tag}f`,
    ]);
    expect(await search(`o${tag}D`)).toEqual([`xMO${tag}d`]);
    const response = await call(t, `/api/groups/${group.id}/members?q=${tag}a`, { cookie: reader.cookie });
    expect(response.data).toEqual({
      members: [{ id: members.get(`mo${tag}a`), username: `mo${tag}a`, avatarUrl: null }],
    });
    // LIKE's wildcards are searched for as themselves.
    expect(await search("b_")).toEqual([`ab_${tag}`]);
    expect(await search("%")).toEqual([]);
    expect(await search("\\")).toEqual([]);
    expect(await search("")).toHaveLength(5);
    expect(await search("nobody")).toEqual([]);
  });

  it("is for members only", async () => {
    const owner = await signUpUser(t);
    const group = await createGroup(owner.cookie);
    const stranger = await signUpUser(t);
    const path = `/api/groups/${group.id}/members?q=kid`;
    const refused = await call(t, path, { cookie: stranger.cookie });
    expect(refused.status).toBe(403);
    expect(refused.data.error.message).toBe(GROUP_MESSAGES.membersOnly);
    expect((await call(t, path)).status).toBe(401);
    expect((await call(t, "/api/groups/not-a-uuid/members", { cookie: owner.cookie })).status).toBe(404);
    expect(
      (await call(t, `/api/groups/${group.id}/members?q=${"a".repeat(21)}`, { cookie: owner.cookie })).status,
    ).toBe(400);
  });
});
