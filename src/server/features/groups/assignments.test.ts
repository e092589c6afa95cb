import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSIGNMENT_MESSAGES, type ProgressRow } from "../../../core/schemas/assignments";
import { GROUP_MESSAGES } from "../../../core/schemas/groups";
import { auditLog, groupAssignments, notifications, stories } from "../../db/schema";
import {
  call,
  createGroupAs,
  createTestApp,
  joinGroupAs,
  parallel,
  signUpUser,
  signUpUserWithRole,
  type TestApp,
  type TestUser,
} from "../../test/harness";
import { loadLibrary } from "../stories/library";
import { progressCsv, progressCsvName, todayUtc } from "./assignments";

// This week's story and group progress (issue 25, parts 1 and 2).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LEVEL_ONE = "creation";
/** Difficulty 5: locked for every new reader unless their group assigned it. */
const DANIEL = "daniel-in-the-lions-den";

const assignmentPath = (groupId: string) => `/api/groups/${groupId}/assignment`;

const put = (user: TestUser | null, groupId: string, json: unknown) =>
  call(t, assignmentPath(groupId), { method: "PUT", cookie: user?.cookie, json });
const clear = (user: TestUser | null, groupId: string) =>
  call(t, assignmentPath(groupId), { method: "DELETE", cookie: user?.cookie });
const read = (user: TestUser | null, path: string) => call(t, path, { cookie: user?.cookie });

const generate = (user: TestUser, slug: string, layer: number) =>
  call(t, `/api/stories/${slug}/layers/${layer}/generate`, { method: "POST", cookie: user.cookie });
const next = (user: TestUser, slug: string) =>
  call(t, `/api/stories/${slug}/progress`, { cookie: user.cookie, json: { action: "next" } });

/** A group owned by a child, with a leader, an admin and a plain member in it. */
async function groupWithEveryRole() {
  const owner = await signUpUser(t);
  const leader = await signUpUserWithRole(t, "leader");
  const admin = await signUpUserWithRole(t, "admin");
  const member = await signUpUser(t);
  const group = await createGroupAs(t, owner, "Lions den");
  for (const user of [leader, admin, member]) await joinGroupAs(t, user, group);
  return { owner, leader, admin, member, group };
}

async function bellsOf(groupId: string) {
  return t.db
    .select({
      recipientId: notifications.recipientId,
      message: notifications.message,
      type: notifications.type,
    })
    .from(notifications)
    .where(and(eq(notifications.groupId, groupId), eq(notifications.type, "other")));
}

describe("who may set, clear and read progress", () => {
  it("lets the owner, a leader member and an admin member; refuses members, outsiders and the signed out", async () => {
    const { owner, leader, admin, member, group } = await groupWithEveryRole();
    const outsider = await signUpUser(t);
    const outsideLeader = await signUpUserWithRole(t, "leader");
    const body = { storySlug: LEVEL_ONE, layers: 2 };

    for (const user of [owner, leader, admin]) {
      const set = await put(user, group.id, body);
      expect(set.status, set.text).toBe(200);
      expect(set.data.assignment).toMatchObject({
        story: { slug: LEVEL_ONE },
        layers: 2,
        dueDate: null,
        mine: { layersRead: 0, completed: false },
      });
      expect((await read(user, `/api/groups/${group.id}/progress`)).status).toBe(200);
      const csv = await read(user, `/api/groups/${group.id}/progress.csv`);
      expect(csv.status).toBe(200);
      expect((await clear(user, group.id)).status).toBe(204);
      expect((await put(user, group.id, body)).status).toBe(200);
    }

    // Members read this week's story, and nothing more.
    expect((await read(member, assignmentPath(group.id))).data.assignment.story.slug).toBe(LEVEL_ONE);
    for (const response of [
      await put(member, group.id, body),
      await clear(member, group.id),
      await read(member, `/api/groups/${group.id}/progress`),
      await read(member, `/api/groups/${group.id}/progress.csv`),
    ]) {
      expect(response.status).toBe(403);
      expect(response.data.error).toEqual({ code: "leaders_only", message: ASSIGNMENT_MESSAGES.leadersOnly });
    }

    // Outsiders, leaders included, are refused as every group route refuses them.
    for (const user of [outsider, outsideLeader]) {
      for (const response of [
        await read(user, assignmentPath(group.id)),
        await put(user, group.id, body),
        await clear(user, group.id),
        await read(user, `/api/groups/${group.id}/progress`),
        await read(user, `/api/groups/${group.id}/progress.csv`),
      ]) {
        expect(response.status).toBe(403);
        expect(response.data.error).toEqual({ code: "members_only", message: GROUP_MESSAGES.membersOnly });
      }
    }

    for (const response of [
      await read(null, assignmentPath(group.id)),
      await put(null, group.id, body),
      await clear(null, group.id),
      await read(null, `/api/groups/${group.id}/progress`),
      await read(null, `/api/groups/${group.id}/progress.csv`),
      await read(null, "/api/assignments"),
    ])
      expect(response.status).toBe(401);

    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await put(owner, missing, body)).data.error.code).toBe("group_not_found");
    expect((await read(owner, `/api/groups/${missing}/progress`)).status).toBe(404);
    expect((await read(owner, "/api/groups/not-a-group/progress")).status).toBe(404);
    // Still the story the last leader set: no refused write changed it.
    const [row] = await t.db.select().from(groupAssignments).where(eq(groupAssignments.groupId, group.id));
    expect(row?.setBy).toBe(admin.id);
  });

  it("takes everything from a leader who leaves the group at once", async () => {
    const { leader, group } = await groupWithEveryRole();
    expect((await put(leader, group.id, { storySlug: LEVEL_ONE, layers: 1 })).status).toBe(200);
    expect((await read(leader, `/api/groups/${group.id}/progress`)).status).toBe(200);

    const left = await call(t, `/api/groups/${group.id}/members/me`, {
      method: "DELETE",
      cookie: leader.cookie,
    });
    expect(left.status).toBe(204);
    for (const response of [
      await read(leader, `/api/groups/${group.id}/progress`),
      await read(leader, `/api/groups/${group.id}/progress.csv`),
      await read(leader, assignmentPath(group.id)),
      await put(leader, group.id, { storySlug: DANIEL, layers: 1 }),
      await clear(leader, group.id),
    ]) {
      expect(response.status).toBe(403);
      expect(response.data.error.code).toBe("members_only");
    }
    expect((await read(leader, "/api/assignments")).data.assignments).toEqual([]);
  });
});

describe("setting this week's story", () => {
  it("refuses an unknown story and a due date in the past with a clear 422", async () => {
    const owner = await signUpUser(t);
    const group = await createGroupAs(t, owner);

    const unknown = await put(owner, group.id, { storySlug: "no-such-story", layers: 1 });
    expect(unknown.status).toBe(422);
    expect(unknown.data.error).toEqual({
      code: "story_not_found",
      message: ASSIGNMENT_MESSAGES.storyNotFound,
    });

    const past = await put(owner, group.id, { storySlug: LEVEL_ONE, layers: 1, dueDate: "2020-01-01" });
    expect(past.status).toBe(422);
    expect(past.data.error).toEqual({ code: "due_in_past", message: ASSIGNMENT_MESSAGES.dueInPast });

    for (const bad of [
      { storySlug: LEVEL_ONE, layers: 0 },
      { storySlug: LEVEL_ONE, layers: 4 },
      { storySlug: LEVEL_ONE, layers: 1.5 },
      { storySlug: LEVEL_ONE, layers: 1, dueDate: "2099-02-30" },
      { storySlug: LEVEL_ONE, layers: 1, dueDate: "tomorrow" },
      { storySlug: "", layers: 1 },
      { layers: 1 },
    ])
      expect((await put(owner, group.id, bad)).status, JSON.stringify(bad)).toBe(400);
    expect(await t.db.select().from(groupAssignments).where(eq(groupAssignments.groupId, group.id))).toEqual(
      [],
    );

    const today = todayUtc();
    const set = await put(owner, group.id, { storySlug: LEVEL_ONE, layers: 3, dueDate: today });
    expect(set.status).toBe(200);
    expect(set.data.assignment.dueDate).toBe(today);
    expect(new Date(set.data.assignment.setAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const [story] = await t.db.select().from(stories).where(eq(stories.slug, LEVEL_ONE));
    expect(set.data.assignment.story.title).toBe(story?.title);
    expect((await read(owner, assignmentPath(group.id))).data).toEqual(set.data);
  });

  it("rings the bell once for a new story, to every member but the setter, never for other layers", async () => {
    const { owner, leader, admin, member, group } = await groupWithEveryRole();
    await put(leader, group.id, { storySlug: DANIEL, layers: 1 });
    const [daniel] = await t.db.select().from(stories).where(eq(stories.slug, DANIEL));
    const message = ASSIGNMENT_MESSAGES.bell(group.name, daniel?.title ?? "");
    let bells = await bellsOf(group.id);
    expect(bells.map((bell) => bell.recipientId).sort()).toEqual([owner.id, admin.id, member.id].sort());
    expect(bells.every((bell) => bell.message === message)).toBe(true);
    expect((await read(member, "/api/notifications")).text).toContain(message);

    // The same story with other layers or a due date: nobody is told again.
    await put(admin, group.id, { storySlug: DANIEL, layers: 3, dueDate: todayUtc() });
    await put(owner, group.id, { storySlug: DANIEL, layers: 2 });
    expect(await bellsOf(group.id)).toHaveLength(3);

    // Another story is news again; then cleared and set anew, too.
    await put(owner, group.id, { storySlug: LEVEL_ONE, layers: 1 });
    bells = await bellsOf(group.id);
    expect(bells).toHaveLength(6);
    expect(bells.filter((bell) => bell.recipientId === owner.id)).toHaveLength(1);
    await clear(owner, group.id);
    await put(owner, group.id, { storySlug: LEVEL_ONE, layers: 1 });
    expect(await bellsOf(group.id)).toHaveLength(9);
  });

  it("records every set and clear in the audit log", async () => {
    const owner = await signUpUser(t);
    const leader = await signUpUserWithRole(t, "leader");
    const group = await createGroupAs(t, owner);
    await joinGroupAs(t, leader, group);
    const due = todayUtc();
    await put(leader, group.id, { storySlug: DANIEL, layers: 2, dueDate: due });
    await put(owner, group.id, { storySlug: DANIEL, layers: 3 });
    await clear(leader, group.id);
    // Clearing when there is nothing to clear changes nothing, and records nothing.
    expect((await clear(leader, group.id)).status).toBe(204);

    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "group"), eq(auditLog.targetId, group.id)))
      .orderBy(auditLog.id);
    expect(rows.map(({ actorId, action, details }) => ({ actorId, action, details }))).toEqual([
      {
        actorId: leader.id,
        action: "set_weekly_story",
        details: { storySlug: DANIEL, layers: 2, dueDate: due },
      },
      {
        actorId: owner.id,
        action: "set_weekly_story",
        details: { storySlug: DANIEL, layers: 3, dueDate: null },
      },
      {
        actorId: leader.id,
        action: "clear_weekly_story",
        details: { storySlug: DANIEL, layers: 3, dueDate: null },
      },
    ]);
    expect(await t.db.select().from(groupAssignments).where(eq(groupAssignments.groupId, group.id))).toEqual(
      [],
    );
  });

  it("keeps one assignment and rings one bell per member when ten are set at once", async () => {
    const { owner, leader, admin, member, group } = await groupWithEveryRole();
    const setters = [owner, leader, admin];
    const responses = await parallel(10, (index) =>
      put(setters[index % setters.length] as TestUser, group.id, {
        storySlug: DANIEL,
        layers: (index % 3) + 1,
      }),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    expect(
      await t.db.select().from(groupAssignments).where(eq(groupAssignments.groupId, group.id)),
    ).toHaveLength(1);
    const bells = await bellsOf(group.id);
    const perRecipient = new Map<string, number>();
    for (const bell of bells)
      perRecipient.set(bell.recipientId, (perRecipient.get(bell.recipientId) ?? 0) + 1);
    // Whoever set it first is not told; everyone else once.
    expect(bells.length).toBe(3);
    expect([...perRecipient.values()]).toEqual([1, 1, 1]);
    expect(perRecipient.has(member.id)).toBe(true);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, group.id), inArray(auditLog.action, ["set_weekly_story"])));
    expect(audits).toHaveLength(10);
  });
});

describe("the level lock", () => {
  const storyOf = async (user: TestUser, slug: string) => (await read(user, `/api/stories/${slug}`)).data;
  const listedLocked = async (user: TestUser, slug: string) => {
    const list = (await read(user, "/api/stories")).data as { slug: string; preview?: string }[];
    return "preview" in (list.find((story) => story.slug === slug) ?? {});
  };

  it("opens an assigned story for the group's members whatever their level, and closes it when cleared", async () => {
    const owner = await signUpUserWithRole(t, "leader");
    const child = await signUpUser(t);
    const elsewhere = await signUpUser(t);
    const group = await createGroupAs(t, owner);
    await joinGroupAs(t, child, group);
    await joinGroupAs(t, elsewhere, await createGroupAs(t, await signUpUser(t)));

    expect((await storyOf(child, DANIEL)).locked).toBe(true);
    expect(await listedLocked(child, DANIEL)).toBe(true);
    expect((await generate(child, DANIEL, 1)).status).toBe(403);

    expect((await put(owner, group.id, { storySlug: DANIEL, layers: 2 })).status).toBe(200);
    expect((await storyOf(child, DANIEL)).locked).toBe(false);
    expect(await listedLocked(child, DANIEL)).toBe(false);
    expect((await generate(child, DANIEL, 1)).status).toBe(200);
    expect((await read(child, `/api/stories/${DANIEL}/layers/1/check`)).status).toBe(200);
    expect((await next(child, DANIEL)).status).toBe(200);
    // Only that story, and only for the group's members.
    expect(await listedLocked(child, "david-and-goliath")).toBe(true);
    expect(await listedLocked(elsewhere, DANIEL)).toBe(true);
    expect((await generate(elsewhere, DANIEL, 1)).status).toBe(403);

    expect((await clear(owner, group.id)).status).toBe(204);
    expect((await storyOf(child, DANIEL)).locked).toBe(true);
    expect(await listedLocked(child, DANIEL)).toBe(true);
    expect((await generate(child, DANIEL, 2)).status).toBe(403);
    expect((await read(child, `/api/stories/${DANIEL}/layers/1/check`)).status).toBe(403);
  });
});

describe("group progress", () => {
  it("shows each member's layers of the assigned story, score, last day and stories completed", async () => {
    const leader = await signUpUserWithRole(t, "leader");
    const reader = await signUpUser(t);
    const other = await signUpUser(t);
    const group = await createGroupAs(t, leader, "Tuesday kids");
    await joinGroupAs(t, reader, group);
    await joinGroupAs(t, other, group);

    // Before any story: every member, nothing assigned.
    const empty = await read(leader, `/api/groups/${group.id}/progress`);
    expect(empty.data.assignment).toBeNull();
    expect(empty.data.rows).toHaveLength(3);
    for (const row of empty.data.rows as ProgressRow[])
      expect(row).toMatchObject({ layersRead: 0, layersAssigned: 0, completed: false, score: null });

    expect((await put(leader, group.id, { storySlug: DANIEL, layers: 2 })).status).toBe(200);
    expect((await generate(reader, DANIEL, 1)).status).toBe(200);
    expect((await next(reader, DANIEL)).status).toBe(200);
    expect((await generate(reader, DANIEL, 2)).status).toBe(200);
    // One right first answer and one wrong one in layer 1.
    const library = await loadLibrary();
    const check = library.find((story) => story.slug === DANIEL)?.layers[0]?.check ?? [];
    const choices = check.flatMap((question, index) =>
      question.kind === "choice" ? [{ question, index }] : [],
    );
    const [first, second] = choices;
    if (!first || !second) throw new Error("Daniel's layer 1 has fewer than two choice questions");
    const answer = (index: number, option: number) =>
      call(t, `/api/stories/${DANIEL}/layers/1/check/${index}`, { cookie: reader.cookie, json: { option } });
    expect((await answer(first.index, first.question.answer)).status).toBe(200);
    expect(
      (await answer(second.index, (second.question.answer + 1) % second.question.options.length)).status,
    ).toBe(200);

    const progress = await read(leader, `/api/groups/${group.id}/progress`);
    expect(progress.status).toBe(200);
    expect(progress.data.assignment).toMatchObject({ story: { slug: DANIEL }, layers: 2, dueDate: null });
    expect(progress.data.assignment.mine).toBeUndefined();
    const rowOf = (user: TestUser) =>
      (progress.data.rows as ProgressRow[]).find((row) => row.userId === user.id);
    expect(rowOf(reader)).toEqual({
      userId: reader.id,
      username: reader.username,
      layersRead: 2,
      layersAssigned: 2,
      completed: false,
      score: { right: 1, asked: 2 },
      lastActiveDay: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      storiesCompleted: 0,
    });
    expect(rowOf(other)).toEqual({
      userId: other.id,
      username: other.username,
      layersRead: 0,
      layersAssigned: 2,
      completed: false,
      score: null,
      lastActiveDay: null,
      storiesCompleted: 0,
    });
    expect(rowOf(leader)).toMatchObject({ layersRead: 0, layersAssigned: 2 });

    // The reader's own card, in the group and at home.
    const mine = { layersRead: 2, completed: false };
    expect((await read(reader, assignmentPath(group.id))).data.assignment.mine).toEqual(mine);
    const home = await read(reader, "/api/assignments");
    expect(home.data.assignments).toEqual([
      {
        ...(await read(reader, assignmentPath(group.id))).data.assignment,
        group: { id: group.id, name: group.name },
      },
    ]);
    expect((await read(other, "/api/assignments")).data.assignments[0].mine).toEqual({
      layersRead: 0,
      completed: false,
    });

    // Finishing the story counts every assigned layer, and the story.
    await next(reader, DANIEL);
    await generate(reader, DANIEL, 3);
    expect((await next(reader, DANIEL)).status).toBe(200);
    const after = await read(leader, `/api/groups/${group.id}/progress`);
    expect((after.data.rows as ProgressRow[]).find((row) => row.userId === reader.id)).toMatchObject({
      layersRead: 2,
      completed: true,
      storiesCompleted: 1,
    });

    const csv = await read(leader, `/api/groups/${group.id}/progress.csv`);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(
      `attachment; filename="progress-tuesday-kids-${todayUtc()}.csv"`,
    );
    expect(csv.headers.get("cache-control")).toBe("no-store");
    const lines = csv.text.trim().split("\r\n");
    expect(lines[0]).toBe("Member,Layers read,Completed,Score,Last active,Stories completed");
    expect(lines).toHaveLength(4);
    expect(lines).toContain(`${other.username},0 of 2 layers,No,,,0`);
    expect(lines.find((line) => line.startsWith(`${reader.username},`))).toMatch(
      /^\w+,2 of 2 layers,Yes,1 of 2,\d{4}-\d{2}-\d{2},1$/,
    );
  });

  it("is home's empty list for a reader whose groups set nothing", async () => {
    const user = await signUpUser(t);
    await createGroupAs(t, user);
    expect((await read(user, "/api/assignments")).data).toEqual({ assignments: [] });
  });
});

describe("the CSV", () => {
  it("escapes a cell that a spreadsheet would run as a formula", () => {
    const row = (username: string): ProgressRow => ({
      userId: "u",
      username,
      layersRead: 1,
      layersAssigned: 2,
      completed: false,
      score: null,
      lastActiveDay: null,
      storiesCompleted: 0,
    });
    const csv = progressCsv(
      ['=HYPERLINK("http://evil.test","x")', "+1+2", "-3", "@SUM(A1)", "plain"].map(row),
    );
    const cells = csv
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(",")[0]);
    expect(cells).toEqual([`"'=HYPERLINK(""http://evil.test""`, "'+1+2", "'-3", "'@SUM(A1)", "plain"]);
  });

  it("names the file after the group in plain letters", () => {
    const now = new Date("2026-03-04T10:00:00Z");
    expect(progressCsvName("Youth Group: Zürich!", now)).toBe("progress-youth-group-zurich-2026-03-04.csv");
    expect(progressCsvName("★★★", now)).toBe("progress-group-2026-03-04.csv");
  });
});
