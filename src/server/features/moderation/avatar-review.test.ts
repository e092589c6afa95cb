import { existsSync } from "node:fs";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AVATAR_REVIEW_MESSAGES,
  type PendingAvatar,
  type QueueReport,
  REPORT_MESSAGES,
} from "../../../core/schemas/moderation";
import { auditLog, notifications, profiles, reports, users } from "../../db/schema";
import { countingDatabase } from "../../test/counting-database";
import { groupWithMembers } from "../../test/fixtures";
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
import { AVATAR_PAGE_SIZE, listPendingAvatars } from "./avatar-review";
import { ALREADY_HANDLED_MESSAGE } from "./leader-actions";
import { NO_REASON } from "./media-review";
import { OWN_ITEM_MESSAGE } from "./reports";

// Issue 18, item 5 from the leaders' side: members' pictures waiting for approval ('Profile pictures'), the
// reports of a picture, and removing one.

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  png = await sharp({ create: { width: 48, height: 48, channels: 3, background: "#f472b6" } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

async function upload(user: TestUser): Promise<string> {
  const body = new FormData();
  body.append("file", new File([png as Uint8Array<ArrayBuffer>], "me.png", { type: "image/png" }));
  const response = await call(t, "/api/profile/avatar", { cookie: user.cookie, body });
  expect(response.status, response.text).toBe(200);
  return response.data.avatarUrl;
}

const review = (leader: TestUser, userId: string, json: unknown) =>
  call(t, `/api/leader/avatars/${userId}/action`, { cookie: leader.cookie, json });

const removeDirectly = (leader: TestUser, userId: string, json: unknown) =>
  call(t, `/api/leader/avatars/${userId}/remove`, { cookie: leader.cookie, json });

const report = (reporter: TestUser, json: Record<string, unknown>) =>
  call(t, "/api/reports", { cookie: reporter.cookie, json: { reason: "inappropriate", ...json } });

const stored = async (user: TestUser) =>
  (await t.db.select().from(profiles).where(eq(profiles.id, user.id)))[0];

const fileExists = (url: string) => existsSync(join(t.dataDir, "uploads", url.replace(/^\/uploads\//, "")));

const auditOf = (user: TestUser) =>
  t.db.select().from(auditLog).where(eq(auditLog.targetId, user.id)).orderBy(auditLog.id);

/** What the bell tells the user; a decision on their own picture is a "picture" one, which links to their profile. */
const messagesTo = async (user: TestUser, type?: "picture") =>
  (
    await t.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.recipientId, user.id), type ? eq(notifications.type, type) : undefined))
  ).map((row) => row.message);

/** Every page of the waiting pictures, following the cursor. */
async function wholeQueue(leader: TestUser) {
  const avatars: PendingAvatar[] = [];
  let cursor: string | null = null;
  do {
    const response = await call(t, `/api/leader/avatars${cursor ? `?cursor=${cursor}` : ""}`, {
      cookie: leader.cookie,
    });
    expect(response.status).toBe(200);
    avatars.push(...response.data.avatars);
    cursor = response.data.nextCursor;
  } while (cursor);
  return avatars;
}

/** A member whose uploaded picture a leader has approved, in a group with a friend, and the leader. */
async function memberWithPicture() {
  const { owner, group, members, leaders } = await groupWithMembers(t, {
    members: 2,
    leaders: 1,
    name: "Fishers of men",
  });
  const [member, friend] = members;
  const [leader] = leaders;
  const pictureUrl = await upload(member);
  expect((await review(leader, member.id, { action: "approve", pictureUrl })).status).toBe(200);
  return { owner, group, member, friend, leader, pictureUrl };
}

describe("GET /api/leader/avatars", () => {
  it("lists waiting pictures, oldest first, with their owners, for leaders and admins only", async () => {
    const first = await signUpUser(t);
    const second = await signUpUser(t);
    const leader = await signUpUserWithRole(t, "leader");
    const firstUrl = await upload(first);
    const secondUrl = await upload(second);
    // A leader's own picture never waits.
    await upload(leader);

    const queue = await wholeQueue(leader);
    const ours = queue.filter((item) => [first.id, second.id, leader.id].includes(item.userId));
    expect(ours).toEqual([
      { userId: first.id, username: first.username, pictureUrl: firstUrl, submittedAt: expect.any(String) },
      {
        userId: second.id,
        username: second.username,
        pictureUrl: secondUrl,
        submittedAt: expect.any(String),
      },
    ]);
    const admin = await signUpUserWithRole(t, "admin");
    expect((await call(t, "/api/leader/avatars", { cookie: admin.cookie })).status).toBe(200);

    const refused = await call(t, "/api/leader/avatars", { cookie: first.cookie });
    expect(refused.status).toBe(403);
    expect(refused.data.error.message).toBe(REPORT_MESSAGES.leadersOnly);
    expect(refused.text).not.toContain(firstUrl);
    expect((await call(t, "/api/leader/avatars")).status).toBe(401);
  });

  it("pages 25 at a time without skipping or repeating, and reads an unknown cursor as the first page", async () => {
    const leader = await signUpUserWithRole(t, "leader");
    // Older than anything else in this file, some in the same microsecond, so they lead the queue.
    const ids = Array.from({ length: AVATAR_PAGE_SIZE + 5 }, (_, index) => `old-user-${index}`);
    await t.db.insert(users).values(ids.map((id) => ({ id, name: id, email: `${id}@example.com` })));
    await t.db.insert(profiles).values(
      ids.map((id, index) => ({
        id,
        username: id.replaceAll("-", "_"),
        pendingAvatarUrl: `/uploads/user-uploads/${id}/avatar/1.webp`,
        pendingAvatarAt: sql`${`2001-01-01T00:00:${String(Math.min(index, 20)).padStart(2, "0")}.000000Z`}::timestamptz`,
      })),
    );
    const page = await call(t, "/api/leader/avatars", { cookie: leader.cookie });
    expect(page.data.avatars).toHaveLength(AVATAR_PAGE_SIZE);
    expect(page.data.nextCursor).toEqual(expect.any(String));
    const queue = await wholeQueue(leader);
    const listed = queue.map((item) => item.userId);
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.slice(0, ids.length).sort()).toEqual([...ids].sort());
    const times = queue.map((item) => item.submittedAt);
    expect([...times].sort()).toEqual(times);

    const unknown = await call(t, "/api/leader/avatars?cursor=not-a-cursor", { cookie: leader.cookie });
    expect(unknown.status).toBe(200);
    expect(unknown.data.avatars.map((item: PendingAvatar) => item.userId)).toEqual(
      page.data.avatars.map((item: PendingAvatar) => item.userId),
    );
  });

  it("reads a page in one query, which the partial index can serve in its order", async () => {
    const { counted, queries } = countingDatabase(t);
    queries.reset();
    const first = await listPendingAvatars(counted);
    expect(queries.count).toBe(1);
    if (first.nextCursor) {
      queries.reset();
      await listPendingAvatars(counted, first.nextCursor);
      expect(queries.count).toBe(1);
    }
    const plan = await t.db.transaction(async (tx) => {
      // A small table is cheaper to read whole, or through a bitmap and a sort (as wider profiles rows made it
      // here); what matters is that the index can serve the query, in its order, at all.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const explained = await tx.execute(
        sql`explain select id from profiles where pending_avatar_url is not null and (pending_avatar_at, id) > ('2001-01-01T00:00:00Z'::timestamptz, 'a') order by pending_avatar_at, id limit 26`,
      );
      return JSON.stringify((explained as { rows: unknown[] }).rows);
    });
    expect(plan).toContain("profiles_pending_avatar_idx");
    expect(plan).not.toContain("Sort");
  });
});

describe("POST /api/leader/avatars/:userId/action", () => {
  it("approves: everyone sees the picture, one audit row, and the owner is told", async () => {
    const owner = await signUpUser(t);
    const group = await createGroupAs(t, owner, "Shepherds");
    const member = await signUpUser(t);
    const leader = await signUpUserWithRole(t, "leader");
    await joinGroupAs(t, member, group);
    const pictureUrl = await upload(member);

    const response = await review(leader, member.id, { action: "approve", pictureUrl });
    expect(response.status, response.text).toBe(200);
    expect(response.data).toEqual({ userId: member.id, avatarUrl: pictureUrl });
    expect(await stored(member)).toMatchObject({
      avatarUrl: pictureUrl,
      pendingAvatarUrl: null,
      pendingAvatarAt: null,
    });
    expect((await call(t, "/api/profile", { cookie: member.cookie })).data).toMatchObject({
      avatarUrl: pictureUrl,
      avatarPending: false,
    });
    const card = await call(t, `/api/profile/members/${member.id}?groupId=${group.id}`, {
      cookie: owner.cookie,
    });
    expect(card.data.avatarUrl).toBe(pictureUrl);
    expect(fileExists(pictureUrl)).toBe(true);
    expect(await auditOf(member)).toEqual([
      expect.objectContaining({
        actorId: leader.id,
        action: "approve_avatar",
        targetType: "avatar",
        reason: NO_REASON,
        details: { pictureUrl },
      }),
    ]);
    expect(await messagesTo(member, "picture")).toEqual([AVATAR_REVIEW_MESSAGES.approved]);
  });

  it("rejects: the file goes, others keep the first letter, the reason is kept, the owner is told", async () => {
    const member = await signUpUser(t);
    const admin = await signUpUserWithRole(t, "admin");
    const pictureUrl = await upload(member);

    const response = await review(admin, member.id, { action: "reject", pictureUrl, reason: "  A face  " });
    expect(response.status, response.text).toBe(200);
    expect(response.data).toEqual({ userId: member.id, avatarUrl: null });
    expect(await stored(member)).toMatchObject({ avatarUrl: null, pendingAvatarUrl: null });
    expect(fileExists(pictureUrl)).toBe(false);
    expect((await call(t, "/api/profile", { cookie: member.cookie })).data).toMatchObject({
      avatarUrl: null,
      avatarPending: false,
    });
    expect(await auditOf(member)).toEqual([
      expect.objectContaining({ actorId: admin.id, action: "reject_avatar", reason: "A face" }),
    ]);
    expect(await messagesTo(member, "picture")).toEqual([AVATAR_REVIEW_MESSAGES.rejected]);
  });

  it("never decides a picture the leader did not see: a newer upload or none is 409", async () => {
    const member = await signUpUser(t);
    const leader = await signUpUserWithRole(t, "leader");
    const seen = await upload(member);
    const newer = await upload(member);

    const stale = await review(leader, member.id, { action: "approve", pictureUrl: seen });
    expect(stale.status).toBe(409);
    expect(stale.data.error.message).toBe(AVATAR_REVIEW_MESSAGES.notPending);
    expect(await stored(member)).toMatchObject({ avatarUrl: null, pendingAvatarUrl: newer });

    expect((await review(leader, member.id, { action: "reject", pictureUrl: newer })).status).toBe(200);
    const nothing = await review(leader, member.id, { action: "approve", pictureUrl: newer });
    expect(nothing.status).toBe(409);
    expect(await auditOf(member)).toHaveLength(1);
  });

  it("answers 404 for someone who does not exist", async () => {
    const leader = await signUpUserWithRole(t, "leader");
    for (const id of ["nobody-at-all", "bad%20id%3B"]) {
      const response = await review(leader, id, { action: "approve", pictureUrl: "/uploads/x.webp" });
      expect(response.status).toBe(404);
    }
  });

  it("refuses members (the picture's owner too) and visitors before reading the body, and changes nothing", async () => {
    const member = await signUpUser(t);
    const other = await signUpUser(t);
    const pictureUrl = await upload(member);
    for (const user of [member, other]) {
      const refused = await review(user, member.id, { action: "approve", pictureUrl });
      expect(refused.status).toBe(403);
      expect(refused.data.error.message).toBe(REPORT_MESSAGES.leadersOnly);
      // Even with a body that would not pass: the role is checked first.
      expect((await review(user, member.id, { action: "shrug" })).status).toBe(403);
    }
    const visitor = await call(t, `/api/leader/avatars/${member.id}/action`, {
      json: { action: "approve", pictureUrl },
    });
    expect(visitor.status).toBe(401);
    expect(await stored(member)).toMatchObject({ avatarUrl: null, pendingAvatarUrl: pictureUrl });
    expect(await auditOf(member)).toEqual([]);
  });

  it("refuses a bad body from a leader with 400", async () => {
    const member = await signUpUser(t);
    const leader = await signUpUserWithRole(t, "leader");
    const pictureUrl = await upload(member);
    expect((await review(leader, member.id, { action: "shrug", pictureUrl })).status).toBe(400);
    expect((await review(leader, member.id, { action: "approve" })).status).toBe(400);
    expect((await stored(member))?.pendingAvatarUrl).toBe(pictureUrl);
  });

  it("lets two leaders take turns: one decision stands, the other gets 409", async () => {
    const leaders = [await signUpUserWithRole(t, "leader"), await signUpUserWithRole(t, "admin")];
    for (const actions of [
      ["approve", "approve"],
      ["approve", "reject"],
    ]) {
      const member = await signUpUser(t);
      const pictureUrl = await upload(member);
      const responses = await parallel(2, (index) =>
        review(leaders[index] as TestUser, member.id, { action: actions[index], pictureUrl }),
      );
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
      expect(await auditOf(member)).toHaveLength(1);
      expect(await messagesTo(member)).toHaveLength(1);
      const winner = responses.find((response) => response.status === 200);
      const row = await stored(member);
      expect(row?.pendingAvatarUrl).toBeNull();
      expect(row?.avatarUrl).toBe(winner?.data.avatarUrl);
      expect(fileExists(pictureUrl)).toBe(row?.avatarUrl === pictureUrl);
    }
  });

  it("keeps the row and the files in step when a new upload races an approval", async () => {
    const leader = await signUpUserWithRole(t, "leader");
    const member = await signUpUser(t);
    const pictureUrl = await upload(member);
    const [decision, newer] = await Promise.all([
      review(leader, member.id, { action: "approve", pictureUrl }),
      (async () => upload(member))(),
    ]);
    const row = await stored(member);
    // The newer upload always waits; the approved one either stands (approval first) or was replaced by it.
    expect(row?.pendingAvatarUrl).toBe(newer);
    expect(fileExists(newer)).toBe(true);
    if (decision.status === 200) expect(row?.avatarUrl).toBeNull();
    else expect(decision.status).toBe(409);
    expect(fileExists(pictureUrl)).toBe(false);
  });
});

describe("reporting a picture", () => {
  it("is for members who share the group with its owner, once each, and reaches the leaders", async () => {
    const { group, member, friend, leader, owner, pictureUrl } = await memberWithPicture();
    const first = await report(friend, { targetType: "avatar", targetId: member.id, groupId: group.id });
    expect(first.status, first.text).toBe(201);
    expect(first.data.message).toBe(REPORT_MESSAGES.thanks);
    const again = await report(friend, { targetType: "avatar", targetId: member.id, groupId: group.id });
    expect(again.status).toBe(200);
    expect(again.data.message).toBe(REPORT_MESSAGES.alreadyReported);
    expect(
      await t.db
        .select()
        .from(reports)
        .where(and(eq(reports.targetType, "avatar"), eq(reports.targetId, member.id))),
    ).toEqual([expect.objectContaining({ groupId: group.id, reporterId: friend.id, status: "open" })]);

    // The group's leaders and its owner are told, never the picture's owner.
    const told = `A profile picture in Fishers of men was reported.`;
    expect(await messagesTo(leader)).toContain(told);
    expect(await messagesTo(owner)).toContain(told);
    expect(await messagesTo(member)).not.toContain(told);

    const queue = await call(t, "/api/leader/queue", { cookie: leader.cookie });
    const listed = (queue.data.reports as QueueReport[]).find((item) => item.item.targetId === member.id);
    expect(listed?.item).toEqual({
      targetType: "avatar",
      targetId: member.id,
      groupId: group.id,
      groupName: "Fishers of men",
      text: null,
      author: { id: member.id, username: member.username },
      hidden: false,
      pictureUrl,
    });
  });

  it("refuses your own picture, strangers, owners outside the group, and pictures that are not uploaded", async () => {
    const { group, member, friend } = await memberWithPicture();
    const stranger = await signUpUser(t);
    const strangersGroup = await createGroupAs(t, stranger, "Elsewhere");

    const own = await report(member, { targetType: "avatar", targetId: member.id, groupId: group.id });
    expect(own.status).toBe(403);
    expect(own.data.error.message).toBe(OWN_ITEM_MESSAGE);
    // A stranger, through the group they are not in, or their own group that the owner is not in.
    expect(
      (await report(stranger, { targetType: "avatar", targetId: member.id, groupId: group.id })).status,
    ).toBe(403);
    const notShared = await report(stranger, {
      targetType: "avatar",
      targetId: member.id,
      groupId: strangersGroup.id,
    });
    expect(notShared.status).toBe(404);
    expect(notShared.data.error.message).toBe(REPORT_MESSAGES.notFound);
    // Without a group, or with one that is not an id.
    expect((await report(friend, { targetType: "avatar", targetId: member.id })).status).toBe(404);
    expect(
      (await report(friend, { targetType: "avatar", targetId: member.id, groupId: "group" })).status,
    ).toBe(404);
    expect(
      (await report(friend, { targetType: "avatar", targetId: "no-such-user", groupId: group.id })).status,
    ).toBe(404);

    // A built-in picture is ours; a picture still waiting is seen by no one else.
    const builtIn = await signUpUser(t);
    await joinGroupAs(t, builtIn, group);
    await call(t, "/api/profile/avatar/built-in", {
      method: "PUT",
      cookie: builtIn.cookie,
      json: { id: "dove" },
    });
    expect(
      (await report(friend, { targetType: "avatar", targetId: builtIn.id, groupId: group.id })).status,
    ).toBe(404);
    const waiting = await signUpUser(t);
    await joinGroupAs(t, waiting, group);
    await upload(waiting);
    expect(
      (await report(friend, { targetType: "avatar", targetId: waiting.id, groupId: group.id })).status,
    ).toBe(404);

    expect(await t.db.select().from(reports).where(eq(reports.targetType, "avatar"))).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ targetId: member.id })]),
    );
  });

  it("is removed with 'Remove picture': the file goes, one audit row, the reports close, the owner is told", async () => {
    const { group, member, friend, leader, owner, pictureUrl } = await memberWithPicture();
    await report(friend, { targetType: "avatar", targetId: member.id, groupId: group.id });
    await report(owner, { targetType: "avatar", targetId: member.id, groupId: group.id, reason: "unkind" });
    const [first] = await t.db
      .select()
      .from(reports)
      .where(and(eq(reports.targetId, member.id), eq(reports.reporterId, friend.id)));

    const act = (json: Record<string, unknown>) =>
      call(t, `/api/leader/reports/${first?.id}/action`, { cookie: leader.cookie, json });
    // Hide and delete are for posts, comments and messages.
    for (const action of ["hide", "delete"]) {
      const wrong = await act({ action, reason: "Not for children" });
      expect(wrong.status).toBe(400);
      expect(wrong.data.error.message).toBe(AVATAR_REVIEW_MESSAGES.wrongAction);
    }
    const removed = await act({ action: "remove_avatar", reason: "Not for children" });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.data).toEqual({ report: { id: first?.id, status: "actioned" } });
    expect((await stored(member))?.avatarUrl).toBeNull();
    expect(fileExists(pictureUrl)).toBe(false);
    const open = await t.db
      .select()
      .from(reports)
      .where(and(eq(reports.targetId, member.id), eq(reports.status, "open")));
    expect(open).toEqual([]);
    expect((await auditOf(member)).map((row) => row.action)).toEqual(["approve_avatar", "remove_avatar"]);
    expect((await auditOf(member)).at(-1)).toMatchObject({
      actorId: leader.id,
      targetType: "avatar",
      reason: "Not for children",
      details: expect.objectContaining({ pictureUrl, groupId: group.id }),
    });
    expect(await messagesTo(member, "picture")).toContain(AVATAR_REVIEW_MESSAGES.removed);

    const twice = await act({ action: "remove_avatar", reason: "Again" });
    expect(twice.status).toBe(409);
    expect(twice.data.error.message).toBe(ALREADY_HANDLED_MESSAGE);
  });

  it("dismisses a report and leaves the picture; removing one already gone is 409", async () => {
    const { group, member, friend, leader, pictureUrl } = await memberWithPicture();
    await report(friend, { targetType: "avatar", targetId: member.id, groupId: group.id });
    const [row] = await t.db.select().from(reports).where(eq(reports.targetId, member.id));
    const dismissed = await call(t, `/api/leader/reports/${row?.id}/action`, {
      cookie: leader.cookie,
      json: { action: "dismiss", reason: "A drawing of a dog" },
    });
    expect(dismissed.status).toBe(200);
    expect((await stored(member))?.avatarUrl).toBe(pictureUrl);

    // Reported by someone else, then changed to a built-in picture before a leader looked.
    const other = await signUpUser(t);
    await joinGroupAs(t, other, group);
    await report(other, { targetType: "avatar", targetId: member.id, groupId: group.id });
    await call(t, "/api/profile/avatar/built-in", {
      method: "PUT",
      cookie: member.cookie,
      json: { id: "fish" },
    });
    const [second] = await t.db
      .select()
      .from(reports)
      .where(and(eq(reports.targetId, member.id), eq(reports.status, "open")));
    const gone = await call(t, `/api/leader/reports/${second?.id}/action`, {
      cookie: leader.cookie,
      json: { action: "remove_avatar", reason: "Not for children" },
    });
    expect(gone.status).toBe(409);
    expect(gone.data.error.message).toBe(AVATAR_REVIEW_MESSAGES.gone);
    expect((await stored(member))?.avatarUrl).toBe("/avatars/fish.svg");
    expect(second?.status).toBe("open");
  });

  it("refuses 'Remove picture' on a post's report", async () => {
    const { group, member, friend, leader } = await memberWithPicture();
    const form = new FormData();
    form.set("title", "Hi");
    form.set("content", "Hello");
    const post = await call(t, `/api/groups/${group.id}/posts`, { cookie: member.cookie, body: form });
    await report(friend, { targetType: "post", targetId: post.data.id });
    const [row] = await t.db.select().from(reports).where(eq(reports.targetId, post.data.id));
    const wrong = await call(t, `/api/leader/reports/${row?.id}/action`, {
      cookie: leader.cookie,
      json: { action: "remove_avatar", reason: "Wrong one" },
    });
    expect(wrong.status).toBe(400);
    expect((await stored(member))?.avatarUrl).not.toBeNull();
  });
});

describe("POST /api/leader/avatars/:userId/remove", () => {
  it("removes an uploaded picture others see, closing its open reports, with one audit row", async () => {
    const { group, member, friend, leader, pictureUrl } = await memberWithPicture();
    await report(friend, { targetType: "avatar", targetId: member.id, groupId: group.id });

    const response = await removeDirectly(leader, member.id, { pictureUrl, reason: "Shows a school badge" });
    expect(response.status, response.text).toBe(200);
    expect(response.data).toEqual({ userId: member.id, avatarUrl: null });
    expect((await stored(member))?.avatarUrl).toBeNull();
    expect(fileExists(pictureUrl)).toBe(false);
    const [closed] = await t.db.select().from(reports).where(eq(reports.targetId, member.id));
    expect(closed).toMatchObject({ status: "actioned", resolvedBy: leader.id });
    expect((await auditOf(member)).at(-1)).toMatchObject({
      action: "remove_avatar",
      targetType: "avatar",
      reason: "Shows a school badge",
      details: { pictureUrl, reportIds: [closed?.id] },
    });
    expect(await messagesTo(member, "picture")).toContain(AVATAR_REVIEW_MESSAGES.removed);

    const again = await removeDirectly(leader, member.id, { pictureUrl, reason: "Again" });
    expect(again.status).toBe(409);
    expect(again.data.error.message).toBe(AVATAR_REVIEW_MESSAGES.gone);
  });

  it("refuses a picture the leader did not see, a built-in one, and a missing reason", async () => {
    const { member, leader, pictureUrl } = await memberWithPicture();
    expect((await removeDirectly(leader, member.id, { pictureUrl, reason: "  " })).status).toBe(400);
    const stale = await removeDirectly(leader, member.id, {
      pictureUrl: "/uploads/user-uploads/x/avatar/1.webp",
      reason: "Wrong",
    });
    expect(stale.status).toBe(409);
    expect((await stored(member))?.avatarUrl).toBe(pictureUrl);

    await call(t, "/api/profile/avatar/built-in", {
      method: "PUT",
      cookie: member.cookie,
      json: { id: "star" },
    });
    const builtIn = await removeDirectly(leader, member.id, {
      pictureUrl: "/avatars/star.svg",
      reason: "No",
    });
    expect(builtIn.status).toBe(409);
    expect((await stored(member))?.avatarUrl).toBe("/avatars/star.svg");
    expect((await removeDirectly(leader, "no-such-user", { pictureUrl, reason: "No" })).status).toBe(404);
  });

  it("refuses members and visitors, and changes nothing", async () => {
    const { member, friend, pictureUrl } = await memberWithPicture();
    for (const user of [friend, member]) {
      const refused = await removeDirectly(user, member.id, { pictureUrl, reason: "Mine" });
      expect(refused.status).toBe(403);
    }
    const visitor = await call(t, `/api/leader/avatars/${member.id}/remove`, {
      json: { pictureUrl, reason: "No" },
    });
    expect(visitor.status).toBe(401);
    expect((await stored(member))?.avatarUrl).toBe(pictureUrl);
    expect(fileExists(pictureUrl)).toBe(true);
  });
});
