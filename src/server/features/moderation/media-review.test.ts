import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedPost } from "../../../core/schemas/feed";
import { MEDIA_MESSAGES, type PendingMedia, REPORT_MESSAGES } from "../../../core/schemas/moderation";
import { auditLog, groupPosts, notifications, studyGroups } from "../../db/schema";
import { groupWithMembers } from "../../test/fixtures";
import {
  call,
  type createGroupAs,
  createTestApp,
  joinGroupAs,
  type signUpUser,
  signUpUserWithRole,
  TEST_APP_URL,
  type TestApp,
} from "../../test/harness";
import { openEventStream } from "../../test/sse";
import { MEDIA_PAGE_SIZE, NO_REASON } from "./media-review";

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "orange" } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUpUser>>;
type Group = Awaited<ReturnType<typeof createGroupAs>>;

/** A group (approve media first, as every group starts) with a plain owner, an author, a member and a leader. */
async function setUp() {
  const { owner, group, members, leaders } = await groupWithMembers(t, {
    members: 2,
    leaders: 1,
    name: "Lions' den",
  });
  const [author, member] = members;
  return { owner, group, author, member, leader: leaders[0] };
}

async function postWithImage(group: Group, user: User, title = "Daniel's lions"): Promise<FeedPost> {
  const form = new FormData();
  form.set("title", title);
  form.set("content", "They did not bite");
  form.set("file", new File([png as Uint8Array<ArrayBuffer>], "lions.png", { type: "image/png" }));
  const response = await call(t, `/api/groups/${group.id}/posts`, { cookie: user.cookie, body: form });
  expect(response.status, response.text).toBe(201);
  return response.data;
}

const storedStatus = async (postId: string) =>
  (await t.db.select().from(groupPosts).where(eq(groupPosts.id, postId)))[0]?.mediaStatus;

async function feedPost(group: Group, user: User, postId: string): Promise<FeedPost | undefined> {
  const response = await call(t, `/api/groups/${group.id}/posts`, { cookie: user.cookie });
  expect(response.status).toBe(200);
  return (response.data.posts as FeedPost[]).find((post) => post.id === postId);
}

const review = (user: User, postId: string, json: unknown) =>
  call(t, `/api/leader/media/${postId}/action`, { cookie: user.cookie, json });

/** Every page of the queue, following the cursor. */
async function wholeQueue(user: User) {
  const media: PendingMedia[] = [];
  let cursor: string | null = null;
  do {
    const response = await call(t, `/api/leader/media${cursor ? `?cursor=${cursor}` : ""}`, {
      cookie: user.cookie,
    });
    expect(response.status).toBe(200);
    media.push(...response.data.media);
    cursor = response.data.nextCursor;
  } while (cursor);
  return media;
}

const auditOf = (postId: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.targetId, postId)).orderBy(auditLog.id);

const notificationsOf = (user: User) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, user.id), eq(notifications.type, "other")));

const uploadsOf = (user: User) => {
  const dir = join(t.dataDir, "uploads", "user-uploads", user.id, "posts");
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe("posting media", () => {
  it("holds a member's upload as pending while the group approves media first (its default)", async () => {
    const { group, author, owner } = await setUp();
    const post = await postWithImage(group, author);
    expect(await storedStatus(post.id)).toBe("pending");
    // The author's own answer shows the picture, marked as waiting.
    expect(post).toMatchObject({ mediaPending: true, mediaType: "image" });
    expect(post.mediaUrl).toMatch(/\.webp$/);
    // Owning the group is not an app role: the owner's upload waits too.
    expect(await storedStatus((await postWithImage(group, owner)).id)).toBe("pending");
  });

  it("approves at once a leader's or an admin's upload, and everyone's when the setting is off", async () => {
    const { group, author, leader } = await setUp();
    const byLeader = await postWithImage(group, leader);
    expect(await storedStatus(byLeader.id)).toBe("approved");
    expect(byLeader.mediaPending).toBe(false);
    const admin = await signUpUserWithRole(t, "admin");
    await joinGroupAs(t, admin, group);
    expect(await storedStatus((await postWithImage(group, admin)).id)).toBe("approved");

    await t.db.update(studyGroups).set({ approveMediaFirst: false }).where(eq(studyGroups.id, group.id));
    const byMember = await postWithImage(group, author);
    expect(await storedStatus(byMember.id)).toBe("approved");
    expect(byMember.mediaPending).toBe(false);
  });

  it("keeps a post without media without a status", async () => {
    const { group, author } = await setUp();
    const form = new FormData();
    form.set("title", "Words only");
    form.set("content", "No picture");
    const response = await call(t, `/api/groups/${group.id}/posts`, { cookie: author.cookie, body: form });
    expect(response.status).toBe(201);
    expect(response.data).toMatchObject({ mediaUrl: null, mediaType: null, mediaPending: false });
    expect(await storedStatus(response.data.id)).toBeNull();
  });

  it("approves a shared story's illustration, which our own generator drew", async () => {
    const { group, author } = await setUp();
    const generated = await call(t, "/api/stories/creation/layers/1/generate", {
      method: "POST",
      cookie: author.cookie,
    });
    expect(generated.status).toBe(200);
    const shared = await call(t, "/api/stories/creation/share", {
      cookie: author.cookie,
      json: { layer: 1, groupId: group.id, text: "Look at this!", attachIllustration: true },
    });
    expect(shared.status, shared.text).toBe(201);
    expect(shared.data.post).toMatchObject({ mediaType: "image", mediaPending: false });
    expect(await storedStatus(shared.data.post.id)).toBe("approved");
  });
});

describe("reading pending media", () => {
  it("shows it to its author and to leaders, and only a placeholder to other members", async () => {
    const { group, author, member, leader, owner } = await setUp();
    const post = await postWithImage(group, author);
    const url = post.mediaUrl;
    expect(await feedPost(group, author, post.id)).toMatchObject({ mediaUrl: url, mediaPending: true });
    expect(await feedPost(group, leader, post.id)).toMatchObject({ mediaUrl: url, mediaPending: true });
    for (const other of [member, owner]) {
      expect(await feedPost(group, other, post.id)).toMatchObject({
        mediaUrl: null,
        mediaType: "image",
        mediaPending: true,
      });
    }
  });

  it("sends the group the live post without the media's address, the same to every tab", async () => {
    const { group, author, member, leader } = await setUp();
    const memberTab = await openEventStream(t, member.cookie);
    const leaderTab = await openEventStream(t, leader.cookie);
    try {
      const post = await postWithImage(group, author);
      for (const tab of [memberTab, leaderTab]) {
        const event = await tab.next();
        expect(event).toMatchObject({
          type: "post_created",
          data: { id: post.id, mediaUrl: null, mediaType: "image", mediaPending: true },
        });
        expect(JSON.stringify(event)).not.toContain(post.mediaUrl);
      }
    } finally {
      memberTab.close();
      leaderTab.close();
    }
  });
});

describe("the media queue", () => {
  it("lists waiting media, oldest first, with its group, title and author, for leaders only", async () => {
    const { group, author, member, leader } = await setUp();
    const first = await postWithImage(group, author, "First");
    const second = await postWithImage(group, author, "Second");
    await postWithImage(group, leader, "Approved already");
    const hidden = await postWithImage(group, author, "Hidden");
    await t.db.update(groupPosts).set({ hiddenAt: sql`now()` }).where(eq(groupPosts.id, hidden.id));

    const queue = await wholeQueue(leader);
    const ours = queue.filter((item) => item.groupId === group.id);
    expect(ours).toEqual([
      {
        postId: first.id,
        groupId: group.id,
        groupName: "Lions' den",
        title: "First",
        mediaUrl: first.mediaUrl,
        mediaType: "image",
        createdAt: first.createdAt,
        author: { id: author.id, username: author.username },
      },
      expect.objectContaining({ postId: second.id, title: "Second" }),
    ]);
    const admin = await signUpUserWithRole(t, "admin");
    expect((await call(t, "/api/leader/media", { cookie: admin.cookie })).status).toBe(200);

    const refused = await call(t, "/api/leader/media", { cookie: member.cookie });
    expect(refused.status).toBe(403);
    expect(refused.data.error.message).toBe(REPORT_MESSAGES.leadersOnly);
    expect(JSON.stringify(refused.data)).not.toContain(first.id);
    expect((await call(t, "/api/leader/media")).status).toBe(401);
  });

  it("pages 25 at a time without skipping or repeating, and reads an unknown cursor as the first page", async () => {
    const { group, author, leader } = await setUp();
    const [fileUrl] = [(await postWithImage(group, author, "Real")).mediaUrl];
    // Older than anything else in this file, and two in the same microsecond, so they lead the queue.
    const inserted = await t.db
      .insert(groupPosts)
      .values(
        Array.from({ length: MEDIA_PAGE_SIZE + 5 }, (_, index) => ({
          groupId: group.id,
          authorId: author.id,
          title: `Old ${index}`,
          content: "Body",
          mediaUrl: fileUrl,
          mediaType: "image",
          mediaStatus: "pending",
          createdAt: sql`${`2001-01-01T00:00:${String(Math.min(index, 28)).padStart(2, "0")}.000000Z`}::timestamptz`,
        })),
      )
      .returning({ id: groupPosts.id });
    const page = await call(t, "/api/leader/media", { cookie: leader.cookie });
    expect(page.data.media).toHaveLength(MEDIA_PAGE_SIZE);
    expect(page.data.nextCursor).toEqual(expect.any(String));
    const queue = await wholeQueue(leader);
    const ids = queue.map((item) => item.postId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, inserted.length).sort()).toEqual(inserted.map((row) => row.id).sort());
    const times = queue.map((item) => item.createdAt);
    expect([...times].sort()).toEqual(times);

    const garbage = await call(t, "/api/leader/media?cursor=bm90LWEtY3Vyc29y", { cookie: leader.cookie });
    expect(garbage.status).toBe(200);
    expect(garbage.data.media.map((item: PendingMedia) => item.postId)).toEqual(
      page.data.media.map((item: PendingMedia) => item.postId),
    );
    // Out of the queue again, so the other tests find theirs on the first pages.
    await t.db.update(groupPosts).set({ mediaStatus: "approved" }).where(eq(groupPosts.authorId, author.id));
  });
});

describe("approving and rejecting", () => {
  it("approve shows the media to everyone, live, and tells the author; a second action is a 409", async () => {
    const { group, author, member, leader } = await setUp();
    const post = await postWithImage(group, author);
    const memberTab = await openEventStream(t, member.cookie);
    try {
      const response = await review(leader, post.id, { action: "approve" });
      expect(response.status, response.text).toBe(200);
      expect(response.data).toEqual({ postId: post.id, mediaStatus: "approved" });
      expect(await memberTab.next()).toMatchObject({
        type: "post_updated",
        data: { postId: post.id, mediaUrl: post.mediaUrl, mediaType: "image", mediaPending: false },
      });
    } finally {
      memberTab.close();
    }
    expect(await storedStatus(post.id)).toBe("approved");
    expect(await feedPost(group, member, post.id)).toMatchObject({
      mediaUrl: post.mediaUrl,
      mediaPending: false,
    });
    expect((await wholeQueue(leader)).map((item) => item.postId)).not.toContain(post.id);

    const sent = await notificationsOf(author);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      message: MEDIA_MESSAGES.approved,
      senderId: null,
      groupId: group.id,
      entityId: post.id,
    });
    const audit = await auditOf(post.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: leader.id,
      action: "approve_media",
      targetType: "post",
      reason: NO_REASON,
    });

    for (const action of ["approve", "reject"]) {
      const again = await review(leader, post.id, { action });
      expect(again.status).toBe(409);
      expect(again.data.error.message).toBe(MEDIA_MESSAGES.notPending);
    }
    expect(await auditOf(post.id)).toHaveLength(1);
    expect(await notificationsOf(author)).toHaveLength(1);
  });

  it("reject removes the file and keeps the post without it, live, with the reason in the audit log", async () => {
    const { group, author, member, leader } = await setUp();
    const post = await postWithImage(group, author);
    expect(uploadsOf(author)).toHaveLength(1);
    const memberTab = await openEventStream(t, member.cookie);
    try {
      const response = await review(leader, post.id, { action: "reject", reason: "  Shows a face  " });
      expect(response.status, response.text).toBe(200);
      expect(response.data).toEqual({ postId: post.id, mediaStatus: null });
      expect(await memberTab.next()).toMatchObject({
        type: "post_updated",
        data: { postId: post.id, mediaUrl: null, mediaType: null, mediaPending: false },
      });
    } finally {
      memberTab.close();
    }
    expect(uploadsOf(author)).toEqual([]);
    expect((await t.app.request(`${TEST_APP_URL}${post.mediaUrl}`)).status).toBe(404);
    const [stored] = await t.db.select().from(groupPosts).where(eq(groupPosts.id, post.id));
    expect(stored).toMatchObject({ title: post.title, mediaUrl: null, mediaType: null, mediaStatus: null });
    expect(await feedPost(group, author, post.id)).toMatchObject({
      mediaUrl: null,
      mediaType: null,
      mediaPending: false,
    });
    expect((await notificationsOf(author)).map((row) => row.message)).toEqual([MEDIA_MESSAGES.rejected]);
    expect(await auditOf(post.id)).toEqual([
      expect.objectContaining({
        actorId: leader.id,
        action: "reject_media",
        reason: "Shows a face",
        details: { groupId: group.id, authorId: author.id, mediaType: "image" },
      }),
    ]);
    expect((await review(leader, post.id, { action: "reject" })).status).toBe(409);
  });

  it("lets only one of two leaders acting at once decide", async () => {
    const { group, author, leader } = await setUp();
    const other = await signUpUserWithRole(t, "leader");
    const post = await postWithImage(group, author);
    const results = await Promise.all([
      review(leader, post.id, { action: "approve" }),
      review(other, post.id, { action: "reject" }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(await auditOf(post.id)).toHaveLength(1);
    expect(await notificationsOf(author)).toHaveLength(1);
  });

  it("notifies no one once the author deleted their account", async () => {
    const { group, author, leader } = await setUp();
    const post = await postWithImage(group, author);
    await t.db.update(groupPosts).set({ authorId: null }).where(eq(groupPosts.id, post.id));
    const response = await review(leader, post.id, { action: "approve" });
    expect(response.status).toBe(200);
    expect(await notificationsOf(author)).toEqual([]);
    expect((await auditOf(post.id))[0]?.details).toMatchObject({ authorId: null });
  });

  it("refuses members before reading the body, and answers 404 for malformed or unknown ids", async () => {
    const { group, author, member, leader, owner } = await setUp();
    const post = await postWithImage(group, author);
    for (const user of [member, owner, author]) {
      for (const json of [{ action: "approve" }, {}, { action: "nonsense" }]) {
        const refused = await review(user, post.id, json);
        expect(refused.status).toBe(403);
        expect(refused.data.error.message).toBe(REPORT_MESSAGES.leadersOnly);
      }
    }
    expect(
      (await call(t, `/api/leader/media/${post.id}/action`, { json: { action: "approve" } })).status,
    ).toBe(401);
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000", "x".repeat(300), "%20"]) {
      const response = await review(leader, id, { action: "approve" });
      expect(response.status, id).toBe(404);
    }
    for (const json of [{}, { action: "delete" }, { action: "reject", reason: "x".repeat(501) }]) {
      expect((await review(leader, post.id, json)).status).toBe(400);
    }
    expect(await storedStatus(post.id)).toBe("pending");
    expect(await auditOf(post.id)).toEqual([]);
  });
});
