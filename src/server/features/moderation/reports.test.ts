import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GROUP_MESSAGES } from "../../../core/schemas/groups";
import { type QueueReport, REPORT_MESSAGES } from "../../../core/schemas/moderation";
import {
  auditLog,
  groupMembers,
  groupMessages,
  groupPosts,
  notifications,
  postComments,
  profiles,
  realtimeEvents,
  reports,
  users,
} from "../../db/schema";
import { groupWithMembers } from "../../test/fixtures";
import {
  call,
  type createGroupAs,
  createTestApp,
  joinGroupAs,
  signUpUser,
  signUpUserWithRole,
  TEST_APP_URL,
  type TestApp,
} from "../../test/harness";
import { AUDIT_PAGE_SIZE } from "./audit";
import { ALREADY_HANDLED_MESSAGE } from "./leader-actions";
import { QUEUE_PAGE_SIZE } from "./queue";
import {
  AUTO_HIDE_REASON,
  OWN_ITEM_MESSAGE,
  REPORTER_MIN_ACCOUNT_AGE_MS,
  REPORTER_MIN_MEMBERSHIP_MS,
} from "./reports";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUpUser>>;
type Group = Awaited<ReturnType<typeof createGroupAs>>;

/**
 * Makes these users' accounts older than a day and their membership of the group older than an hour, by a
 * minute: their reports count toward the automatic hide.
 */
async function settle(group: Group, settled: readonly User[]) {
  const ids = settled.map((user) => user.id);
  await t.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - REPORTER_MIN_ACCOUNT_AGE_MS - 60_000) })
    .where(inArray(users.id, ids));
  await t.db
    .update(groupMembers)
    .set({ joinedAt: new Date(Date.now() - REPORTER_MIN_MEMBERSHIP_MS - 60_000) })
    .where(and(eq(groupMembers.groupId, group.id), inArray(groupMembers.userId, ids)));
}

/** A group with its owner, an author and three other members; everyone a plain, settled member. */
async function setUp(name = "Ark builders") {
  const { owner, group, members: joined } = await groupWithMembers(t, { members: 4, name });
  const [author, ...members] = joined;
  await settle(group, [owner, ...joined]);
  return { owner, group, author, members };
}

/** Brand-new accounts that joined the group just now. */
async function newcomers(group: Group, count: number) {
  const joined: User[] = [];
  for (let index = 0; index < count; index++) {
    const user = await signUpUser(t);
    await joinGroupAs(t, user, group);
    joined.push(user);
  }
  return joined;
}

const isHidden = async (postId: string) =>
  (await t.db.select().from(groupPosts).where(eq(groupPosts.id, postId)))[0]?.hiddenAt instanceof Date;

async function createPost(group: Group, user: User, title = "Noah's boat", file?: Uint8Array) {
  const form = new FormData();
  form.set("title", title);
  form.set("content", "It was very big");
  if (file) form.set("file", new File([file as Uint8Array<ArrayBuffer>], "ark.png", { type: "image/png" }));
  const response = await call(t, `/api/groups/${group.id}/posts`, { cookie: user.cookie, body: form });
  expect(response.status, response.text).toBe(201);
  return response.data as { id: string; mediaUrl: string | null };
}

async function createComment(
  group: Group,
  postId: string,
  user: User,
  content: string,
  parentCommentId?: string,
) {
  const response = await call(t, `/api/groups/${group.id}/posts/${postId}/comments`, {
    cookie: user.cookie,
    json: { content, parentCommentId },
  });
  expect(response.status, response.text).toBe(201);
  return response.data as { id: string };
}

async function sendMessage(group: Group, user: User, body = "Two of every animal!") {
  const response = await call(t, `/api/groups/${group.id}/messages`, { cookie: user.cookie, json: { body } });
  expect(response.status, response.text).toBe(201);
  return response.data as { id: number };
}

const report = (
  user: User,
  targetType: string,
  targetId: string | number,
  reason = "unkind",
  note?: string,
) =>
  call(t, "/api/reports", {
    cookie: user.cookie,
    json: { targetType, targetId: String(targetId), reason, note },
  });

const act = (user: User, reportId: string, body: Record<string, unknown>) =>
  call(t, `/api/leader/reports/${reportId}/action`, { cookie: user.cookie, json: body });

const reportsOf = (targetId: string | number) =>
  t.db
    .select()
    .from(reports)
    .where(eq(reports.targetId, String(targetId)))
    .orderBy(reports.createdAt);

const auditOf = (targetId: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.id);

const feedOf = async (group: Group, user: User) =>
  (await call(t, `/api/groups/${group.id}/posts`, { cookie: user.cookie })).data.posts as {
    id: string;
    commentsCount: number;
  }[];

async function reportedThrice(targetType: string, targetId: string | number, members: readonly User[]) {
  for (const member of members) expect((await report(member, targetType, targetId)).status).toBe(201);
}

describe("reporting", () => {
  it("takes a member's report of a post, comment or message, with reason and note", async () => {
    const { group, author, members } = await setUp();
    const post = await createPost(group, author);
    const comment = await createComment(group, post.id, author, "Mine is bigger");
    const message = await sendMessage(group, author);

    const first = await report(members[0], "post", post.id, "unkind", "  Not nice to Noah  ");
    expect(first.status).toBe(201);
    expect(first.data).toEqual({ message: REPORT_MESSAGES.thanks });
    expect((await report(members[0], "comment", comment.id, "spam")).status).toBe(201);
    // An upper-case uuid is the same item, stored as the database writes it.
    expect((await report(members[1], "comment", comment.id.toUpperCase())).status).toBe(201);
    expect((await report(members[0], "message", message.id, "personal_info")).status).toBe(201);

    const [stored] = await reportsOf(post.id);
    expect(stored).toMatchObject({
      reporterId: members[0].id,
      targetType: "post",
      groupId: group.id,
      reason: "unkind",
      note: "Not nice to Noah",
      status: "open",
    });
    expect(await reportsOf(comment.id)).toHaveLength(2);
    expect(await reportsOf(message.id)).toHaveLength(1);
  });

  it("refuses a non-member (403) and changes nothing", async () => {
    const { group, author } = await setUp();
    const post = await createPost(group, author);
    const message = await sendMessage(group, author);
    const stranger = await signUpUser(t);
    for (const [type, id] of [
      ["post", post.id],
      ["message", message.id],
    ] as const) {
      const response = await report(stranger, type, id);
      expect(response.status).toBe(403);
      expect(response.data.error).toEqual({ code: "members_only", message: GROUP_MESSAGES.membersOnly });
    }
    expect(await reportsOf(post.id)).toEqual([]);
    expect(await reportsOf(message.id)).toEqual([]);
  });

  it("answers 404 for unknown and malformed ids, 400 for a bad type or reason, never 500", async () => {
    const { members } = await setUp();
    const notFound = [
      ["post", "00000000-0000-4000-8000-000000000000"],
      ["comment", "00000000-0000-4000-8000-000000000000"],
      ["message", "999999999"],
      ["post", "not-a-uuid"],
      ["comment", "12"],
      ["message", "abc"],
      ["message", "0"],
      ["message", "-1"],
      ["message", "1.5"],
      ["message", "99999999999999999999999"],
      ["message", "00000000-0000-4000-8000-000000000000"],
    ];
    for (const [type, id] of notFound) {
      const response = await report(members[0], type as string, id as string);
      expect(response.status, `${type} ${id}`).toBe(404);
      expect(response.data.error.message).toBe(REPORT_MESSAGES.notFound);
    }
    expect((await report(members[0], "story", "1")).status).toBe(400);
    const noReason = await call(t, "/api/reports", {
      cookie: members[0].cookie,
      json: { targetType: "post", targetId: "x" },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.data.error.message).toBe(REPORT_MESSAGES.reasonRequired);
    const longNote = await report(members[0], "post", "x", "spam", "a".repeat(501));
    expect(longNote.data.error.message).toBe(REPORT_MESSAGES.noteTooLong);
    expect((await report(members[0], "post", "x", "because")).status).toBe(400);
    expect(
      (await call(t, "/api/reports", { json: { targetType: "post", targetId: "x", reason: "spam" } })).status,
    ).toBe(401);
  });

  it("takes a member's second report of the same item as already reported, even at the same moment", async () => {
    const { group, author, members } = await setUp();
    const post = await createPost(group, author);
    expect((await report(members[0], "post", post.id)).status).toBe(201);
    const again = await report(members[0], "post", post.id, "spam");
    expect(again.status).toBe(200);
    expect(again.data).toEqual({ message: REPORT_MESSAGES.alreadyReported });

    const message = await sendMessage(group, author);
    const statuses = (await Promise.all([1, 2, 3].map(() => report(members[1], "message", message.id)))).map(
      (response) => response.status,
    );
    expect(statuses.sort()).toEqual([200, 200, 201]);
    expect(await reportsOf(post.id)).toHaveLength(1);
    expect(await reportsOf(message.id)).toHaveLength(1);
  });

  it("refuses a report of one's own item", async () => {
    const { group, author } = await setUp();
    const post = await createPost(group, author);
    const response = await report(author, "post", post.id);
    expect(response.status).toBe(403);
    expect(response.data.error.message).toBe(OWN_ITEM_MESSAGE);
    expect(await reportsOf(post.id)).toEqual([]);
  });
});

describe("three reports hide an item", () => {
  it("hides a post from the feed at the third report, records it once and tells open feeds", async () => {
    const { group, author, members, owner } = await setUp();
    const post = await createPost(group, author);
    const other = await createPost(group, author, "Rainbow");
    await reportedThrice("post", post.id, members.slice(0, 2));
    expect((await feedOf(group, owner)).map((row) => row.id)).toContain(post.id);
    expect(await auditOf(post.id)).toEqual([]);

    expect((await report(members[2], "post", post.id)).status).toBe(201);
    const [row] = await t.db.select().from(groupPosts).where(eq(groupPosts.id, post.id));
    expect(row?.hiddenAt).toBeInstanceOf(Date);
    // Hidden for everyone in the feed, its author and the group's owner included.
    for (const user of [owner, author, members[0]]) {
      expect((await feedOf(group, user)).map((item) => item.id)).toEqual([other.id]);
    }
    const audit = await auditOf(post.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: null,
      action: "hide",
      targetType: "post",
      reason: AUTO_HIDE_REASON,
    });
    expect(audit[0]?.details).toMatchObject({ automatic: true, groupId: group.id });
    const events = await t.db
      .select()
      .from(realtimeEvents)
      .where(and(eq(realtimeEvents.topic, `group:${group.id}`), eq(realtimeEvents.type, "post_deleted")));
    expect(events.map((event) => event.payload)).toEqual([{ postId: post.id }]);

    // Gone by its id too: its comments and reactions can't be read or added, but its author may delete it.
    const base = `/api/groups/${group.id}/posts/${post.id}`;
    expect((await call(t, `${base}/comments`, { cookie: owner.cookie })).status).toBe(404);
    expect(
      (await call(t, `${base}/comments`, { cookie: owner.cookie, json: { content: "Hi" } })).status,
    ).toBe(404);
    expect((await call(t, `${base}/reaction`, { cookie: owner.cookie, json: { type: "like" } })).status).toBe(
      404,
    );

    // A fourth report neither hides again nor writes another record.
    const fourth = await signUpUser(t);
    await joinGroupAs(t, fourth, group);
    expect((await report(fourth, "post", post.id)).status).toBe(201);
    expect(await auditOf(post.id)).toHaveLength(1);
    expect((await call(t, base, { cookie: author.cookie, method: "DELETE" })).status).toBe(204);
  });

  it("hides once when the reports come at the same moment", async () => {
    const { group, author, members } = await setUp();
    const post = await createPost(group, author);
    const statuses = await Promise.all(members.map((member) => report(member, "post", post.id)));
    expect(statuses.map((response) => response.status)).toEqual([201, 201, 201]);
    const [row] = await t.db.select().from(groupPosts).where(eq(groupPosts.id, post.id));
    expect(row?.hiddenAt).toBeInstanceOf(Date);
    expect(await auditOf(post.id)).toHaveLength(1);
  });

  it("hides a comment with its replies, and the comment count follows", async () => {
    const { group, author, members, owner } = await setUp();
    const post = await createPost(group, owner);
    const kept = await createComment(group, post.id, owner, "Lovely");
    const comment = await createComment(group, post.id, author, "Silly boat");
    await createComment(group, post.id, owner, "Be kind", comment.id);
    await reportedThrice("comment", comment.id, members);

    const comments = await call(t, `/api/groups/${group.id}/posts/${post.id}/comments`, {
      cookie: owner.cookie,
    });
    expect(comments.data.comments.map((row: { id: string }) => row.id)).toEqual([kept.id]);
    expect((await feedOf(group, owner)).find((row) => row.id === post.id)?.commentsCount).toBe(2);
    expect(await auditOf(comment.id)).toHaveLength(1);
  });

  it("hides a chat message from the chat", async () => {
    const { group, author, members, owner } = await setUp();
    const before = await sendMessage(group, owner, "Hello");
    const message = await sendMessage(group, author);
    const after = await sendMessage(group, owner, "Bye");
    await reportedThrice("message", message.id, members);
    const chat = await call(t, `/api/groups/${group.id}/messages`, { cookie: owner.cookie });
    expect(chat.data.messages.map((row: { id: number }) => row.id)).toEqual([before.id, after.id]);
    const [row] = await t.db.select().from(groupMessages).where(eq(groupMessages.id, message.id));
    expect(row?.hiddenAt).toBeInstanceOf(Date);
  });
});

describe("reports from new accounts and newcomers to the group", () => {
  it("are recorded and shown to leaders but do not count toward the hide: a day-old account, an hour in the group", async () => {
    await closeAllReports();
    const { group, author, members } = await setUp();
    const leader = await signUpUserWithRole(t, "leader");
    const post = await createPost(group, author);
    await reportedThrice("post", post.id, members.slice(0, 2));

    // An account made today, though in the group for hours; an old account that joined ten minutes ago.
    const [youngAccount, newToGroup] = await newcomers(group, 2);
    if (!youngAccount || !newToGroup) throw new Error("no newcomers");
    await t.db
      .update(groupMembers)
      .set({ joinedAt: new Date(Date.now() - 5 * REPORTER_MIN_MEMBERSHIP_MS) })
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, youngAccount.id)));
    await t.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 30 * REPORTER_MIN_ACCOUNT_AGE_MS) })
      .where(eq(users.id, newToGroup.id));
    await t.db
      .update(groupMembers)
      .set({ joinedAt: new Date(Date.now() - 10 * 60_000) })
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, newToGroup.id)));
    expect((await report(youngAccount, "post", post.id)).status).toBe(201);
    expect((await report(newToGroup, "post", post.id, "spam", "Please look")).status).toBe(201);

    expect(await isHidden(post.id)).toBe(false);
    expect(await auditOf(post.id)).toEqual([]);
    const stored = await reportsOf(post.id);
    expect(stored.map((row) => [row.reporterId, row.countsTowardHide])).toEqual([
      [members[0].id, true],
      [members[1].id, true],
      [youngAccount.id, false],
      [newToGroup.id, false],
    ]);
    // Leaders see every report, counted or not.
    const queue = await call(t, "/api/leader/queue", { cookie: leader.cookie });
    const entries = (queue.data.reports as QueueReport[]).filter((entry) => entry.item.targetId === post.id);
    expect(entries.map((entry) => entry.reporter?.id)).toEqual(stored.map((row) => row.reporterId));
    expect(entries.map((entry) => entry.reportCount)).toEqual([4, 4, 4, 4]);
    expect(entries[3]).toMatchObject({ reason: "spam", note: "Please look", item: { hidden: false } });

    // The third report that counts hides it, and the record names the three that did.
    expect((await report(members[2], "post", post.id)).status).toBe(201);
    expect(await isHidden(post.id)).toBe(true);
    const audit = await auditOf(post.id);
    expect(audit).toHaveLength(1);
    const counted = stored.filter((row) => row.countsTowardHide).map((row) => row.id);
    const third = (await reportsOf(post.id)).find((row) => row.reporterId === members[2].id);
    expect(new Set((audit[0]?.details as { reportIds?: string[] } | undefined)?.reportIds)).toEqual(
      new Set([...counted, third?.id]),
    );
  });

  it("take one report from a member who sends it 25 times at once, and tell the leaders once", async () => {
    // On PGlite transactions run one at a time; CI runs this file on PostgreSQL too, where they really race.
    const { owner, group, author, members } = await setUp();
    const post = await createPost(group, author, "Twenty-five clicks");
    const responses = await Promise.all(
      Array.from({ length: 25 }, () => report(members[0], "post", post.id)),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 200)).toHaveLength(24);
    expect(await reportsOf(post.id)).toHaveLength(1);
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, owner.id), eq(notifications.type, "other")));
    expect(
      told.filter((row) => row.groupId === group.id && row.message.includes("was reported")),
    ).toHaveLength(1);
    expect(await isHidden(post.id)).toBe(false);
  });

  it("are counted atomically: parallel newcomers hide nothing, one member's parallel reports count once, three settled members hide once", async () => {
    // On PGlite transactions run one at a time, so a missing lock shows only on PostgreSQL, where CI runs
    // this file too and the reports really race.
    const { group, author, members } = await setUp();
    const post = await createPost(group, author);
    const crowd = await newcomers(group, 6);
    const fromCrowd = await Promise.all(crowd.map((user) => report(user, "post", post.id)));
    expect(fromCrowd.map((response) => response.status)).toEqual(crowd.map(() => 201));
    expect(await isHidden(post.id)).toBe(false);

    const twice = await Promise.all([
      ...Array.from({ length: 10 }, () => report(members[0], "post", post.id)),
      report(members[1], "post", post.id),
    ]);
    expect(twice.filter((response) => response.status === 201)).toHaveLength(2);
    expect(await isHidden(post.id)).toBe(false);

    // A fresh item: three settled members at once, with newcomers among them.
    const other = await createPost(group, author, "Rainbow");
    const burst = await Promise.all([
      ...members.map((member) => report(member, "post", other.id)),
      ...crowd.map((user) => report(user, "post", other.id)),
    ]);
    expect(burst.map((response) => response.status)).toEqual(burst.map(() => 201));
    expect(await isHidden(other.id)).toBe(true);
    const audit = await auditOf(other.id);
    expect(audit).toHaveLength(1);
    const byMembers = (await reportsOf(other.id)).filter((row) => row.countsTowardHide).map((row) => row.id);
    expect(byMembers).toHaveLength(3);
    expect(new Set((audit[0]?.details as { reportIds?: string[] } | undefined)?.reportIds)).toEqual(
      new Set(byMembers),
    );
    const events = await t.db
      .select()
      .from(realtimeEvents)
      .where(and(eq(realtimeEvents.topic, `group:${group.id}`), eq(realtimeEvents.type, "post_deleted")));
    expect(events.map((event) => event.payload)).toEqual([{ postId: other.id }]);
  });
});

describe("leaders are told", () => {
  it("notifies the group's leaders, admins and owner of each new report, without the item's words", async () => {
    const { group, author, members, owner } = await setUp("Lions' den");
    const leader = await signUpUserWithRole(t, "leader");
    const admin = await signUpUserWithRole(t, "admin");
    const outsideLeader = await signUpUserWithRole(t, "leader");
    await joinGroupAs(t, leader, group);
    await joinGroupAs(t, admin, group);
    const post = await createPost(group, author, "Secret title");

    await report(members[0], "post", post.id);
    await report(members[0], "post", post.id);
    const received = async (user: User) =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.recipientId, user.id), eq(notifications.type, "other")));
    for (const user of [leader, admin, owner]) {
      const rows = await received(user);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        type: "other",
        message: "A post in Lions' den was reported.",
        groupId: group.id,
        senderId: null,
        entityId: null,
      });
    }
    for (const user of [outsideLeader, author, members[0], members[1]])
      expect(await received(user)).toEqual([]);

    const message = await sendMessage(group, author);
    await reportedThrice("message", message.id, members);
    const latest = (await received(leader)).map((row) => row.message);
    expect(latest).toContain("A chat message in Lions' den was reported. It is hidden until a leader looks.");
    expect(latest.join(" ")).not.toContain("Secret");
  });

  it("does not tell a leader of their own report", async () => {
    const { group, author } = await setUp();
    const leader = await signUpUserWithRole(t, "leader");
    await joinGroupAs(t, leader, group);
    const post = await createPost(group, author);
    expect((await report(leader, "post", post.id)).status).toBe(201);
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, leader.id), eq(notifications.type, "other")));
    expect(told).toEqual([]);
  });
});

/** Closes every open report, so that each queue test reads only its own. */
const closeAllReports = () =>
  t.db.update(reports).set({ status: "dismissed" }).where(eq(reports.status, "open"));

describe("the review queue", () => {
  it("shows leaders and admins the open reports, oldest first, with the item, author and count", async () => {
    await closeAllReports();
    const { group, author, members } = await setUp("Jonah's whale");
    const leader = await signUpUserWithRole(t, "leader");
    const admin = await signUpUserWithRole(t, "admin");
    const post = await createPost(group, author, "Big fish");
    const comment = await createComment(group, post.id, author, "Gulp");
    const message = await sendMessage(group, author, "Hi everyone");
    await report(members[0], "post", post.id, "unkind", "Mean to Jonah");
    await report(members[1], "post", post.id, "spam");
    await report(members[0], "comment", comment.id, "other");
    await reportedThrice("message", message.id, members);

    const queue = await call(t, "/api/leader/queue", { cookie: leader.cookie });
    expect(queue.status).toBe(200);
    expect(queue.data.nextCursor).toBeNull();
    const entries = queue.data.reports as QueueReport[];
    expect(entries).toHaveLength(6);
    expect(entries[0]).toMatchObject({
      reason: "unkind",
      note: "Mean to Jonah",
      reporter: { id: members[0].id, username: members[0].username },
      reportCount: 2,
      item: {
        targetType: "post",
        targetId: post.id,
        groupId: group.id,
        groupName: "Jonah's whale",
        text: "Big fish\nIt was very big",
        author: { id: author.id, username: author.username },
        hidden: false,
      },
    });
    expect(entries[2]?.item).toMatchObject({ targetType: "comment", text: "Gulp", hidden: false });
    expect(entries[2]?.reportCount).toBe(1);
    expect(entries[5]?.item).toMatchObject({
      targetType: "message",
      targetId: String(message.id),
      text: "Hi everyone",
      hidden: true,
    });
    expect(entries[5]?.reportCount).toBe(3);
    // Never an email address.
    expect(queue.text).not.toContain("@example.com");

    expect((await call(t, "/api/leader/queue", { cookie: admin.cookie })).status).toBe(200);
    const refused = await call(t, "/api/leader/queue", { cookie: members[0].cookie });
    expect(refused.status).toBe(403);
    expect(refused.data.error).toEqual({ code: "leaders_only", message: REPORT_MESSAGES.leadersOnly });
    expect((await call(t, "/api/leader/queue")).status).toBe(401);
  });

  it("pages through the queue by cursor, and shows a deleted item's report without its words", async () => {
    await closeAllReports();
    const { group, author, owner } = await setUp();
    const leader = await signUpUserWithRole(t, "leader");
    const messageIds: number[] = [];
    for (let index = 0; index < QUEUE_PAGE_SIZE + 3; index++) {
      messageIds.push((await sendMessage(group, author, `Message ${index}`)).id);
    }
    for (const id of messageIds) expect((await report(owner, "message", id)).status).toBe(201);
    await t.db.delete(groupMessages).where(eq(groupMessages.id, messageIds[0] as number));

    const first = await call(t, "/api/leader/queue", { cookie: leader.cookie });
    expect(first.data.reports).toHaveLength(QUEUE_PAGE_SIZE);
    expect(first.data.reports[0].item).toMatchObject({ text: null, author: null, hidden: false });
    expect(first.data.reports[1].item.text).toBe("Message 1");
    const second = await call(t, `/api/leader/queue?cursor=${first.data.nextCursor}`, {
      cookie: leader.cookie,
    });
    expect(second.data.reports.map((row: QueueReport) => row.item.text)).toEqual([
      `Message ${QUEUE_PAGE_SIZE}`,
      `Message ${QUEUE_PAGE_SIZE + 1}`,
      `Message ${QUEUE_PAGE_SIZE + 2}`,
    ]);
    expect(second.data.nextCursor).toBeNull();
    // A cursor that is not one of ours reads as the first page.
    const junk = await call(t, "/api/leader/queue?cursor=garbage", { cookie: leader.cookie });
    expect(junk.status).toBe(200);
    expect(junk.data.reports).toHaveLength(QUEUE_PAGE_SIZE);
  });
});

describe("leader actions", () => {
  /** A post reported by every member (so hidden), and the first report's id. */
  async function reportedPost(file?: Uint8Array) {
    const setup = await setUp();
    const leader = await signUpUserWithRole(t, "leader");
    const post = await createPost(setup.group, setup.author, "Noah's boat", file);
    await reportedThrice("post", post.id, setup.members);
    const [first] = await reportsOf(post.id);
    if (!first) throw new Error("no report");
    return { ...setup, leader, post, reportId: first.id };
  }

  const actionsOf = async (targetId: string) =>
    (await auditOf(targetId)).filter((row) => row.actorId !== null);

  it("dismiss closes the item's open reports and shows a hidden item again, with one audit row", async () => {
    const { group, owner, leader, post, reportId } = await reportedPost();
    const response = await act(leader, reportId, { action: "dismiss", reason: "Just a joke about boats" });
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ report: { id: reportId, status: "dismissed" } });
    const rows = await reportsOf(post.id);
    expect(rows.map((row) => row.status)).toEqual(["dismissed", "dismissed", "dismissed"]);
    expect(rows[0]).toMatchObject({ resolvedBy: leader.id });
    expect(rows[0]?.resolvedAt).toBeInstanceOf(Date);
    expect((await feedOf(group, owner)).map((row) => row.id)).toContain(post.id);
    const audit = await actionsOf(post.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: leader.id,
      action: "dismiss",
      targetType: "post",
      reason: "Just a joke about boats",
    });
    expect(audit[0]?.details).toMatchObject({ reportId, groupId: group.id, unhidden: true });
  });

  it("delete removes a post and its media, keeps its words in the audit row and tells open feeds", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "blue" } })
      .png()
      .toBuffer();
    const { group, author, leader, post, reportId } = await reportedPost(png);
    const uploads = join(t.dataDir, "uploads", "user-uploads", author.id, "posts");
    expect(readdirSync(uploads)).toHaveLength(1);
    const response = await act(leader, reportId, { action: "delete", reason: "Unkind" });
    expect(response.data).toEqual({ report: { id: reportId, status: "actioned" } });
    expect(await t.db.select().from(groupPosts).where(eq(groupPosts.id, post.id))).toEqual([]);
    expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);
    expect((await t.app.request(`${TEST_APP_URL}${post.mediaUrl}`)).status).toBe(404);
    expect((await reportsOf(post.id)).map((row) => row.status)).toEqual(["actioned", "actioned", "actioned"]);
    const audit = await actionsOf(post.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "delete", targetType: "post", reason: "Unkind" });
    expect(audit[0]?.details).toMatchObject({
      reportId,
      groupId: group.id,
      authorId: author.id,
      text: "Noah's boat\nIt was very big",
      hadMedia: true,
    });
  });

  it("delete removes a comment or a chat message", async () => {
    const { group, author, members, owner } = await setUp();
    const leader = await signUpUserWithRole(t, "leader");
    const post = await createPost(group, owner);
    const comment = await createComment(group, post.id, author, "Silly");
    const message = await sendMessage(group, author, "Silly too");
    await report(members[0], "comment", comment.id);
    await report(members[0], "message", message.id);
    const [commentReport] = await reportsOf(comment.id);
    const [messageReport] = await reportsOf(message.id);
    expect((await act(leader, commentReport?.id ?? "", { action: "delete", reason: "Unkind" })).status).toBe(
      200,
    );
    expect((await act(leader, messageReport?.id ?? "", { action: "delete", reason: "Unkind" })).status).toBe(
      200,
    );
    expect(await t.db.select().from(postComments).where(eq(postComments.id, comment.id))).toEqual([]);
    expect(await t.db.select().from(groupMessages).where(eq(groupMessages.id, message.id))).toEqual([]);
    expect((await actionsOf(comment.id))[0]?.details).toMatchObject({ text: "Silly" });
    expect((await actionsOf(String(message.id)))[0]?.details).toMatchObject({ text: "Silly too" });
    // The item is gone, its reports are closed: the queue is empty of them.
    const queue = await call(t, "/api/leader/queue", { cookie: leader.cookie });
    const ids = (queue.data.reports as QueueReport[]).map((row) => row.id);
    expect(ids).not.toContain(commentReport?.id);
    expect(ids).not.toContain(messageReport?.id);
  });

  it("hide hides the item and closes its reports as actioned", async () => {
    const { group, author, members, owner } = await setUp();
    const leader = await signUpUserWithRole(t, "admin");
    const post = await createPost(group, author);
    await report(members[0], "post", post.id, "personal_info");
    const [open] = await reportsOf(post.id);
    const response = await act(leader, open?.id ?? "", { action: "hide", reason: "Shares an address" });
    expect(response.data).toEqual({ report: { id: open?.id, status: "actioned" } });
    expect((await feedOf(group, owner)).map((row) => row.id)).not.toContain(post.id);
    const audit = await actionsOf(post.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "hide", actorId: leader.id, reason: "Shares an address" });
  });

  it("mute stops the author writing for 24 hours or 7 days, and never shortens a longer mute", async () => {
    const { group, author, members } = await setUp();
    const leader = await signUpUserWithRole(t, "leader");
    const message = await sendMessage(group, author, "Rude");
    const other = await sendMessage(group, author, "Rude again");
    await report(members[0], "message", message.id);
    await report(members[0], "message", other.id);
    const [first] = await reportsOf(message.id);
    const [second] = await reportsOf(other.id);
    const mutedUntil = async () =>
      (await t.db.select().from(profiles).where(eq(profiles.id, author.id)))[0]?.mutedUntil?.getTime() ?? 0;
    const hours = (ms: number) => Math.round((ms - Date.now()) / 3_600_000);

    const week = await act(leader, first?.id ?? "", { action: "mute", muteFor: "7d", reason: "Rude words" });
    expect(week.data).toEqual({ report: { id: first?.id, status: "actioned" } });
    expect(hours(await mutedUntil())).toBe(7 * 24);
    const audit = (await t.db.select().from(auditLog).where(eq(auditLog.targetId, author.id)))[0];
    expect(audit).toMatchObject({
      action: "mute",
      targetType: "user",
      actorId: leader.id,
      reason: "Rude words",
    });
    expect(audit?.details).toMatchObject({
      itemType: "message",
      itemId: String(message.id),
      muteFor: "7d",
      mutedUntil: new Date(await mutedUntil()).toISOString(),
    });

    expect(
      (await act(leader, second?.id ?? "", { action: "mute", muteFor: "24h", reason: "Again" })).status,
    ).toBe(200);
    expect(hours(await mutedUntil())).toBe(7 * 24);

    await t.db.update(profiles).set({ mutedUntil: null }).where(eq(profiles.id, author.id));
    const third = await sendMessage(group, author, "Rude once more");
    await report(members[1], "message", third.id);
    const [thirdReport] = await reportsOf(third.id);
    await act(leader, thirdReport?.id ?? "", { action: "mute", muteFor: "24h", reason: "Third time" });
    expect(hours(await mutedUntil())).toBe(24);
  });

  it("refuses a report already handled (409), an unknown one (404) and a bad body (400)", async () => {
    const { leader, reportId, post } = await reportedPost();
    const [, otherReport] = await reportsOf(post.id);
    expect((await act(leader, reportId, { action: "hide", reason: "Unkind" })).status).toBe(200);
    for (const id of [reportId, otherReport?.id ?? ""]) {
      const again = await act(leader, id, { action: "dismiss", reason: "Changed my mind" });
      expect(again.status).toBe(409);
      expect(again.data.error.message).toBe(ALREADY_HANDLED_MESSAGE);
    }
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope", "1"]) {
      const missing = await act(leader, id, { action: "dismiss", reason: "x" });
      expect(missing.status).toBe(404);
      expect(missing.data.error.message).toBe(REPORT_MESSAGES.reportNotFound);
    }
    const noReason = await act(leader, reportId, { action: "hide" });
    expect(noReason.status).toBe(400);
    expect(noReason.data.error.message).toBe(REPORT_MESSAGES.actionReasonRequired);
    expect((await act(leader, reportId, { action: "mute", reason: "x" })).data.error.message).toBe(
      "Please choose 24 hours or 7 days.",
    );
    expect((await act(leader, reportId, { action: "ban", reason: "x" })).status).toBe(400);
    expect(await actionsOf(post.id)).toHaveLength(1);
  });

  it("lets two leaders act on the same item at once: one acts, the other is told it is handled", async () => {
    const { leader, post } = await reportedPost();
    const other = await signUpUserWithRole(t, "leader");
    const [first, second] = await reportsOf(post.id);
    const responses = await Promise.all([
      act(leader, first?.id ?? "", { action: "hide", reason: "A" }),
      act(other, second?.id ?? "", { action: "dismiss", reason: "B" }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(await actionsOf(post.id)).toHaveLength(1);
  });

  it("refuses a member (403) before reading the body, and changes nothing", async () => {
    const { members, author, reportId, post } = await reportedPost();
    for (const user of [members[0], author]) {
      for (const body of [
        { action: "delete", reason: "Mine" },
        { action: "mute", muteFor: "7d", reason: "x" },
        {},
      ]) {
        const response = await act(user, reportId, body);
        expect(response.status).toBe(403);
        expect(response.data.error.code).toBe("leaders_only");
      }
    }
    expect(await t.db.select().from(groupPosts).where(eq(groupPosts.id, post.id))).toHaveLength(1);
    expect((await reportsOf(post.id)).map((row) => row.status)).toEqual(["open", "open", "open"]);
    expect(await actionsOf(post.id)).toEqual([]);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, author.id));
    expect(profile?.mutedUntil).toBeNull();
  });
});

describe("the audit log", () => {
  it("is for admins only, newest first, a page at a time, with each actor's name", async () => {
    const admin = await signUpUserWithRole(t, "admin");
    const leader = await signUpUserWithRole(t, "leader");
    const member = await signUpUser(t);
    await t.db.insert(auditLog).values(
      Array.from({ length: AUDIT_PAGE_SIZE + 5 }, (_, index) => ({
        actorId: leader.id,
        action: "hide",
        targetType: "post",
        targetId: `audit-page-${index}`,
        reason: `Reason ${index}`,
        details: { index },
        // All at one moment but the last: the id keeps the order within it.
        createdAt: sql`${index === AUDIT_PAGE_SIZE + 4 ? "2999-01-01T00:00:00Z" : "2998-01-01T00:00:00Z"}::timestamptz`,
      })),
    );

    for (const [user, code, message] of [
      [leader, "admins_only", REPORT_MESSAGES.adminsOnly],
      [member, "admins_only", REPORT_MESSAGES.adminsOnly],
    ] as const) {
      const refused = await call(t, "/api/leader/audit", { cookie: user.cookie });
      expect(refused.status).toBe(403);
      expect(refused.data.error).toEqual({ code, message });
    }

    const first = await call(t, "/api/leader/audit", { cookie: admin.cookie });
    expect(first.status).toBe(200);
    expect(first.data.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.data.entries[0]).toMatchObject({
      action: "hide",
      targetType: "post",
      targetId: `audit-page-${AUDIT_PAGE_SIZE + 4}`,
      details: { index: AUDIT_PAGE_SIZE + 4 },
      actor: { id: leader.id, username: leader.username },
      createdAt: "2999-01-01T00:00:00.000Z",
    });
    expect(first.data.entries[1].targetId).toBe(`audit-page-${AUDIT_PAGE_SIZE + 3}`);
    const second = await call(t, `/api/leader/audit?cursor=${first.data.nextCursor}`, {
      cookie: admin.cookie,
    });
    const seen = [...first.data.entries, ...second.data.entries].map(
      (entry: { targetId: string }) => entry.targetId,
    );
    expect(seen.slice(0, AUDIT_PAGE_SIZE + 5)).toEqual(
      Array.from({ length: AUDIT_PAGE_SIZE + 5 }, (_, index) => `audit-page-${AUDIT_PAGE_SIZE + 4 - index}`),
    );
    // No entry twice, none skipped at the page boundary.
    const ids = [...first.data.entries, ...second.data.entries].map((entry: { id: number }) => entry.id);
    const [total] = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(new Set(ids).size).toBe(Math.min(total?.n ?? 0, AUDIT_PAGE_SIZE * 2));
    expect((await call(t, "/api/leader/audit?cursor=%25%25", { cookie: admin.cookie })).status).toBe(200);
  });
});
