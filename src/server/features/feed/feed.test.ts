import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posterUrlFor } from "../../../core/media";
import {
  FEED_MESSAGES,
  type FeedComment,
  type FeedPost,
  POST_IMAGE_MAX_BYTES,
} from "../../../core/schemas/feed";
import {
  commentReactions,
  groupPosts,
  postComments,
  postReactions,
  profiles,
  studyGroups,
} from "../../db/schema";
import { countingDatabase } from "../../test/counting-database";
import { groupWithMembers, type PostFields, postAs, sendPost, type Upload } from "../../test/fixtures";
import {
  call,
  createGroupAs,
  createTestApp,
  joinGroupAs,
  signUpUser,
  TEST_APP_URL,
  type TestApp,
} from "../../test/harness";
import { openEventStream } from "../../test/sse";
import { FEED_PAGE_SIZE, type FeedPage, listPosts } from "./feed-page";
import { createFeedPageCache } from "./page-cache";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUpUser>>;

/** Posts inserted directly, for the order and paging tests (timestamps chosen, pins set). */
async function insertPosts(
  groupId: string,
  authorId: string,
  rows: { createdAt: string; isPinned?: boolean }[],
) {
  return t.db
    .insert(groupPosts)
    .values(
      rows.map((row, index) => ({
        groupId,
        authorId,
        title: `Post ${index}`,
        content: "Body",
        isPinned: row.isPinned ?? false,
        createdAt: sql`${row.createdAt}::timestamptz`,
      })),
    )
    .returning({ id: groupPosts.id });
}

/** Real recordings made by Chromium's MediaRecorder (see src/server/media/videos.test.ts). */
const videoFixture = (name: string) => readFileSync(new URL(`../../media/fixtures/${name}`, import.meta.url));

function uploadsOf(user: User): string[] {
  const dir = join(t.dataDir, "uploads", "user-uploads", user.id, "posts");
  return existsSync(dir) ? readdirSync(dir) : [];
}

/** A stored file as the given member's browser gets it (files are served to those who may see them only). */
async function fetchUpload(url: string, viewer: User) {
  const response = await t.app.request(`${TEST_APP_URL}${url}`, { headers: { cookie: viewer.cookie } });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

const countRows = async (table: typeof groupPosts | typeof postComments | typeof postReactions) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;

describe("members only", () => {
  it("refuses a non-member's reading, posting, commenting and reacting, and changes nothing", async () => {
    const { owner, group } = await groupWithMembers(t);
    const post = await postAs(t, owner, group);
    const comment = await call(t, `/api/groups/${group.id}/posts/${post.id}/comments`, {
      cookie: owner.cookie,
      json: { content: "First!" },
    });
    expect(comment.status).toBe(201);
    const stranger = await signUpUser(t);
    const before = [
      await countRows(groupPosts),
      await countRows(postComments),
      await countRows(postReactions),
    ];
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "red" } })
      .png()
      .toBuffer();

    const base = `/api/groups/${group.id}`;
    const attempts = [
      call(t, `${base}/posts`, { cookie: stranger.cookie }),
      sendPost(t, stranger, group, {
        title: "Hi",
        content: "there",
        file: { bytes: png, name: "a.png", type: "image/png" },
      }),
      call(t, `${base}/posts/${post.id}/comments`, { cookie: stranger.cookie }),
      call(t, `${base}/posts/${post.id}/comments`, { cookie: stranger.cookie, json: { content: "Hi" } }),
      call(t, `${base}/posts/${post.id}/reaction`, { cookie: stranger.cookie, json: { type: "like" } }),
      call(t, `${base}/comments/${comment.data.id}/reaction`, {
        cookie: stranger.cookie,
        json: { type: "pray" },
      }),
      call(t, `${base}/posts/${post.id}`, { cookie: stranger.cookie, method: "DELETE" }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(403);
      expect(JSON.stringify(response.data)).not.toContain("Hello");
    }
    expect([
      await countRows(groupPosts),
      await countRows(postComments),
      await countRows(postReactions),
    ]).toEqual(before);
    expect(
      await t.db.select().from(commentReactions).where(eq(commentReactions.userId, stranger.id)),
    ).toEqual([]);
    expect(uploadsOf(stranger)).toEqual([]);
    expect((await call(t, `${base}/posts`)).status).toBe(401);
  });

  it("answers 404 for malformed or unknown ids, and for a post of another group", async () => {
    const { owner, group } = await groupWithMembers(t);
    const other = await createGroupAs(t, owner);
    const post = await postAs(t, owner, group);
    const missing = "00000000-0000-4000-8000-000000000000";
    const paths: [string, string, unknown?][] = [
      ["GET", "/api/groups/not-a-uuid/posts"],
      ["GET", `/api/groups/${missing}/posts`],
      ["DELETE", `/api/groups/${group.id}/posts/not-a-uuid`],
      ["DELETE", `/api/groups/${group.id}/posts/${missing}`],
      ["DELETE", `/api/groups/${other.id}/posts/${post.id}`],
      ["GET", `/api/groups/${group.id}/posts/nope/comments`],
      ["GET", `/api/groups/${other.id}/posts/${post.id}/comments`],
      ["POST", `/api/groups/${group.id}/posts/nope/comments`, { content: "Hi" }],
      ["POST", `/api/groups/${group.id}/posts/${missing}/reaction`, { type: "like" }],
      ["POST", `/api/groups/${other.id}/posts/${post.id}/reaction`, { type: "like" }],
      ["POST", `/api/groups/${group.id}/comments/nope/reaction`, { type: "like" }],
      ["POST", `/api/groups/${group.id}/comments/${missing}/reaction`, { type: "like" }],
    ];
    for (const [method, path, json] of paths) {
      const response = await call(t, path, { cookie: owner.cookie, method, json });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect((await call(t, `/api/groups/${group.id}`, { cookie: owner.cookie })).status).toBe(200);
    expect((await call(t, `/api/groups/${group.id}/messages`, { cookie: owner.cookie })).status).toBe(200);
  });
});

describe("posts", () => {
  it("creates a post with its author, trimmed text and empty counts, and refuses blank or long text", async () => {
    const { owner, group } = await groupWithMembers(t);
    const response = await sendPost(t, owner, group, {
      title: "  Jonah  ",
      content: " Big fish\nBig lesson ",
    });
    expect(response.status).toBe(201);
    expect(response.data).toMatchObject({
      groupId: group.id,
      title: "Jonah",
      content: "Big fish\nBig lesson",
      mediaUrl: null,
      mediaType: null,
      isPinned: false,
      author: { id: owner.id, username: owner.username, avatarUrl: null },
      commentsCount: 0,
      reactionCounts: { like: 0, love: 0, pray: 0 },
      reactionsCount: 0,
      userReaction: null,
    });
    const refusals: [PostFields, string][] = [
      [{ title: "   ", content: "x" }, FEED_MESSAGES.titleRequired],
      [{ content: "x" }, FEED_MESSAGES.titleRequired],
      [{ title: "x", content: "  " }, FEED_MESSAGES.contentRequired],
      [{ title: "x".repeat(121), content: "x" }, FEED_MESSAGES.titleTooLong],
      [{ title: "x", content: "x".repeat(5001) }, FEED_MESSAGES.contentTooLong],
    ];
    for (const [fields, message] of refusals) {
      const refused = await sendPost(t, owner, group, fields);
      expect(refused.status).toBe(400);
      expect(refused.data.error.message).toBe(message);
    }
    const posts = await t.db.select().from(groupPosts).where(eq(groupPosts.groupId, group.id));
    expect(posts).toHaveLength(1);
  });

  it("lists pinned posts first, then newest, with comment counts and the reader's reaction", async () => {
    const { owner, group } = await groupWithMembers(t);
    const [old, pinnedOld, middle, pinnedNew, newest] = await insertPosts(group.id, owner.id, [
      { createdAt: "2026-01-01T10:00:00Z" },
      { createdAt: "2026-01-01T09:00:00Z", isPinned: true },
      { createdAt: "2026-01-02T10:00:00Z" },
      { createdAt: "2026-01-01T11:00:00Z", isPinned: true },
      { createdAt: "2026-01-03T10:00:00Z" },
    ]);
    const friend = await signUpUser(t);
    await joinGroupAs(t, friend, group);
    const base = `/api/groups/${group.id}/posts/${middle?.id}`;
    await call(t, `${base}/comments`, { cookie: friend.cookie, json: { content: "One" } });
    await call(t, `${base}/comments`, { cookie: owner.cookie, json: { content: "Two" } });
    await call(t, `${base}/reaction`, { cookie: friend.cookie, json: { type: "pray" } });
    await call(t, `${base}/reaction`, { cookie: owner.cookie, json: { type: "love" } });

    const page = await call(t, `/api/groups/${group.id}/posts`, { cookie: friend.cookie });
    expect(page.status).toBe(200);
    expect(page.data.nextCursor).toBeNull();
    expect(page.data.posts.map((post: FeedPost) => post.id)).toEqual(
      [pinnedNew, pinnedOld, newest, middle, old].map((row) => row?.id),
    );
    const withActivity = page.data.posts.find((post: FeedPost) => post.id === middle?.id);
    expect(withActivity).toMatchObject({
      commentsCount: 2,
      reactionCounts: { like: 0, love: 1, pray: 1 },
      reactionsCount: 2,
      userReaction: "pray",
      isPinned: false,
    });
    expect(page.data.posts[0]).toMatchObject({ isPinned: true, commentsCount: 0, userReaction: null });
    // A card carries what the page shows and nothing more: never who else reacted.
    expect(Object.keys(withActivity).sort()).toEqual(
      [
        "author",
        "commentsCount",
        "content",
        "createdAt",
        "groupId",
        "id",
        "isPinned",
        "latestComments",
        "mediaPending",
        "mediaType",
        "mediaUrl",
        "reactionCounts",
        "reactionsCount",
        "title",
        "userReaction",
      ].sort(),
    );
  });

  it("pages through 45 posts with a cursor, without repeats or gaps, also within one millisecond", async () => {
    const { owner, group } = await groupWithMembers(t);
    const rows: { createdAt: string; isPinned?: boolean }[] = [];
    for (let index = 0; index < 45; index++) {
      // Groups of posts share a millisecond (differing in microseconds) or the very same instant.
      const micros = String(index % 5 === 0 ? 0 : 100 + (index % 3)).padStart(6, "0");
      rows.push({
        createdAt: `2026-02-01T10:${String(Math.floor(index / 5)).padStart(2, "0")}:00.${micros}Z`,
        isPinned: index % 11 === 0,
      });
    }
    await insertPosts(group.id, owner.id, rows);
    const expected = (
      await t.db
        .select({ id: groupPosts.id })
        .from(groupPosts)
        .where(eq(groupPosts.groupId, group.id))
        .orderBy(sql`${groupPosts.isPinned} desc, ${groupPosts.createdAt} desc, ${groupPosts.id} desc`)
    ).map((row) => row.id);
    expect(expected).toHaveLength(45);

    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
      const page = await call(t, `/api/groups/${group.id}/posts${query}`, { cookie: owner.cookie });
      expect(page.status).toBe(200);
      sizes.push(page.data.posts.length);
      seen.push(...page.data.posts.map((post: FeedPost) => post.id));
      cursor = page.data.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([FEED_PAGE_SIZE, FEED_PAGE_SIZE, 5]);
    expect(seen).toEqual(expected);
    const garbage = await call(t, `/api/groups/${group.id}/posts?cursor=%%%`, { cookie: owner.cookie });
    expect(garbage.status).toBe(200);
    expect(
      (await call(t, `/api/groups/${group.id}/posts?cursor=${"x".repeat(201)}`, { cookie: owner.cookie }))
        .status,
    ).toBe(400);
  });

  it("reads a page in the same small number of queries for 5 posts as for 20", async () => {
    const owner = await signUpUser(t);
    const friend = await signUpUser(t);
    const { counted, queries } = countingDatabase(t);

    const queriesFor = async (postCount: number) => {
      const group = await createGroupAs(t, owner);
      await joinGroupAs(t, friend, group);
      const inserted = await insertPosts(
        group.id,
        owner.id,
        Array.from({ length: postCount }, (_, index) => ({
          createdAt: `2026-03-01T10:00:${String(index).padStart(2, "0")}Z`,
        })),
      );
      for (const row of inserted) {
        await t.db.insert(postComments).values({ postId: row.id, authorId: friend.id, content: "Nice" });
        await t.db.insert(postReactions).values([
          { postId: row.id, userId: friend.id, reactionType: "like" },
          { postId: row.id, userId: owner.id, reactionType: "pray" },
        ]);
      }
      queries.reset();
      const page: FeedPage = JSON.parse(
        await listPosts(
          { db: counted, feedPages: createFeedPageCache() },
          { id: group.id, feedVersion: 0 },
          { id: owner.id, privileged: false },
        ),
      );
      expect(page.posts).toHaveLength(postCount);
      expect(page.posts.every((post) => post.commentsCount === 1 && post.userReaction === "pray")).toBe(true);
      return queries.count;
    };
    const few = await queriesFor(5);
    const full = await queriesFor(20);
    expect(few).toBe(full);
    expect(full).toBeLessThanOrEqual(3);
  });

  it("reads a page from memory until the group's feed version moves", async () => {
    const { owner, group } = await groupWithMembers(t);
    await insertPosts(group.id, owner.id, [{ createdAt: "2026-03-01T10:00:00Z" }]);
    const { counted, queries } = countingDatabase(t);
    const source = { db: counted, feedPages: createFeedPageCache() };
    const versionNow = async () =>
      (await t.db.select().from(studyGroups).where(eq(studyGroups.id, group.id)))[0]?.feedVersion ?? -1;
    const reader = { id: owner.id, privileged: false };

    const version = await versionNow();
    await listPosts(source, { id: group.id, feedVersion: version }, reader);
    expect(queries.count).toBe(1);
    const again: FeedPage = JSON.parse(
      await listPosts(source, { id: group.id, feedVersion: version }, reader),
    );
    expect(queries.count).toBe(1);
    expect(again.posts).toHaveLength(1);

    await insertPosts(group.id, owner.id, [{ createdAt: "2026-03-01T11:00:00Z" }]);
    expect(await versionNow()).toBeGreaterThan(version);
    const after: FeedPage = JSON.parse(
      await listPosts(source, { id: group.id, feedVersion: await versionNow() }, reader),
    );
    expect(queries.count).toBe(2);
    expect(after.posts).toHaveLength(2);
  });

  it("shows each card's newest two top-level comments, oldest first, with reactions kept fresh", async () => {
    const { owner, group, members } = await groupWithMembers(t, { members: 1 });
    const [friend] = members;
    const [post] = await insertPosts(group.id, owner.id, [{ createdAt: "2026-03-01T10:00:00Z" }]);
    if (!post || !friend) throw new Error("post was not inserted");
    const comment = (content: string, parentCommentId?: string) =>
      call(t, `/api/groups/${group.id}/posts/${post.id}/comments`, {
        method: "POST",
        cookie: friend.cookie,
        json: { content, parentCommentId },
      });
    const first = await comment("First");
    await comment("Second");
    const third = await comment("Third");
    await comment("A reply", first.data.id);
    const cardOf = async (user: User) => {
      const page = await call(t, `/api/groups/${group.id}/posts`, { cookie: user.cookie });
      return (page.data.posts as FeedPost[]).find((item) => item.id === post.id);
    };
    const card = await cardOf(owner);
    expect(card?.commentsCount).toBe(4);
    expect(card?.latestComments.map((item) => item.content)).toEqual(["Second", "Third"]);
    expect(card?.latestComments[1]).toMatchObject({
      postId: post.id,
      parentCommentId: null,
      author: { id: friend.id },
      replies: [],
      reactionsCount: 0,
      userReaction: null,
    });

    const reacted = await call(t, `/api/groups/${group.id}/comments/${third.data.id}/reaction`, {
      method: "POST",
      cookie: owner.cookie,
      json: { type: "love" },
    });
    expect(reacted.status).toBe(200);
    expect((await cardOf(owner))?.latestComments[1]).toMatchObject({
      reactionsCount: 1,
      userReaction: "love",
    });
    expect((await cardOf(friend))?.latestComments[1]).toMatchObject({
      reactionCounts: { love: 1 },
      userReaction: null,
    });
  });

  it("shows every change a page holds on the next read, however it was written, and each reader's own parts", async () => {
    const { owner, group, members } = await groupWithMembers(t, { members: 1 });
    const [friend] = members;
    const [first, second] = await insertPosts(group.id, owner.id, [
      { createdAt: "2026-03-01T10:00:00Z" },
      { createdAt: "2026-03-01T11:00:00Z" },
    ]);
    if (!first || !second) throw new Error("posts were not inserted");
    const feedOf = async (user: User) => {
      const page = await call(t, `/api/groups/${group.id}/posts`, { cookie: user.cookie });
      expect(page.status).toBe(200);
      return page.data.posts as FeedPost[];
    };
    const postIn = async (user: User, id: string) => {
      const post = (await feedOf(user)).find((item) => item.id === id);
      if (!post) throw new Error(`post ${id} is not in the feed`);
      return post;
    };
    expect((await feedOf(friend)).map((post) => post.id)).toEqual([second.id, first.id]);

    // Every write below goes straight to the database, past the app's routes: the triggers move the version.
    const [comment] = await t.db
      .insert(postComments)
      .values({ postId: first.id, authorId: friend.id, content: "Amen" })
      .returning();
    expect((await postIn(friend, first.id)).commentsCount).toBe(1);
    await t.db
      .update(postComments)
      .set({ hiddenAt: sql`now()` })
      .where(eq(postComments.id, comment?.id ?? ""));
    expect((await postIn(friend, first.id)).commentsCount).toBe(0);

    await t.db.insert(postReactions).values({ postId: first.id, userId: friend.id, reactionType: "love" });
    expect(await postIn(friend, first.id)).toMatchObject({ reactionsCount: 1, userReaction: "love" });
    // The same cached page, another reader: the count is shared, the reaction is the friend's own.
    expect(await postIn(owner, first.id)).toMatchObject({ reactionsCount: 1, userReaction: null });
    await t.db.update(postReactions).set({ reactionType: "pray" }).where(eq(postReactions.postId, first.id));
    expect(await postIn(friend, first.id)).toMatchObject({
      reactionCounts: { like: 0, love: 0, pray: 1 },
      userReaction: "pray",
    });
    await t.db.delete(postReactions).where(eq(postReactions.postId, first.id));
    expect(await postIn(friend, first.id)).toMatchObject({ reactionsCount: 0, userReaction: null });

    await t.db.update(groupPosts).set({ isPinned: true }).where(eq(groupPosts.id, first.id));
    expect((await feedOf(friend)).map((post) => post.id)).toEqual([first.id, second.id]);
    await t.db
      .update(profiles)
      .set({ username: "renamedowner", avatarUrl: "/uploads/avatars/new.png" })
      .where(eq(profiles.id, owner.id));
    expect((await postIn(friend, first.id)).author).toMatchObject({
      username: "renamedowner",
      avatarUrl: "/uploads/avatars/new.png",
    });
    await t.db.update(groupPosts).set({ hiddenAt: sql`now()` }).where(eq(groupPosts.id, first.id));
    expect((await feedOf(friend)).map((post) => post.id)).toEqual([second.id]);
    await t.db.delete(groupPosts).where(eq(groupPosts.id, second.id));
    expect(await feedOf(friend)).toEqual([]);
  });

  it("lets only the author delete a post, and removes its media, comments and reactions", async () => {
    const { owner, group, members } = await groupWithMembers(t, { members: 1 });
    const [friend] = members;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "blue" } })
      .png()
      .toBuffer();
    const post = await postAs(t, owner, group, {
      title: "Mine",
      file: { bytes: png, name: "a.png", type: "image/png" },
    });
    await call(t, `/api/groups/${group.id}/posts/${post.id}/comments`, {
      cookie: friend.cookie,
      json: { content: "Hi" },
    });
    await call(t, `/api/groups/${group.id}/posts/${post.id}/reaction`, {
      cookie: friend.cookie,
      json: { type: "love" },
    });
    expect(uploadsOf(owner)).toHaveLength(1);

    const refused = await call(t, `/api/groups/${group.id}/posts/${post.id}`, {
      cookie: friend.cookie,
      method: "DELETE",
    });
    expect(refused.status).toBe(403);
    expect(refused.data.error.message).toBe(FEED_MESSAGES.notYourPost);
    expect(await t.db.select().from(groupPosts).where(eq(groupPosts.id, post.id))).toHaveLength(1);

    const deleted = await call(t, `/api/groups/${group.id}/posts/${post.id}`, {
      cookie: owner.cookie,
      method: "DELETE",
    });
    expect(deleted.status).toBe(204);
    expect(await t.db.select().from(groupPosts).where(eq(groupPosts.id, post.id))).toHaveLength(0);
    expect(await t.db.select().from(postComments).where(eq(postComments.postId, post.id))).toHaveLength(0);
    expect(await t.db.select().from(postReactions).where(eq(postReactions.postId, post.id))).toHaveLength(0);
    expect(uploadsOf(owner)).toEqual([]);
    expect((await fetchUpload(post.mediaUrl ?? "", owner)).status).toBe(404);
    const again = await call(t, `/api/groups/${group.id}/posts/${post.id}`, {
      cookie: owner.cookie,
      method: "DELETE",
    });
    expect(again.status).toBe(404);
  });
});

describe("pinning", () => {
  it("lets the group's leader pin and unpin, moves the post to the top, and tells the members' tabs", async () => {
    const { owner, group, members } = await groupWithMembers(t, { members: 1 });
    const [friend] = members;
    const older = await postAs(t, friend, group, { title: "Older" });
    await postAs(t, friend, group, { title: "Newer" });
    const stream = await openEventStream(t, friend.cookie);
    try {
      const pinned = await call(t, `/api/groups/${group.id}/posts/${older.id}/pin`, {
        cookie: owner.cookie,
        method: "PUT",
        json: { pinned: true },
      });
      expect(pinned.status).toBe(200);
      expect(pinned.data).toEqual({ postId: older.id, isPinned: true });
      expect(await stream.next()).toMatchObject({
        type: "post_updated",
        data: { postId: older.id, isPinned: true },
      });
    } finally {
      stream.close();
    }
    const feed = await call(t, `/api/groups/${group.id}/posts`, { cookie: friend.cookie });
    expect(feed.data.posts.map((post: FeedPost) => [post.title, post.isPinned])).toEqual([
      ["Older", true],
      ["Newer", false],
    ]);
    const unpinned = await call(t, `/api/groups/${group.id}/posts/${older.id}/pin`, {
      cookie: owner.cookie,
      method: "PUT",
      json: { pinned: false },
    });
    expect(unpinned.data.isPinned).toBe(false);
    const after = await call(t, `/api/groups/${group.id}/posts`, { cookie: friend.cookie });
    expect(after.data.posts.map((post: FeedPost) => post.title)).toEqual(["Newer", "Older"]);
  });

  it("refuses a member who is not the leader, a non-member and bad input, and changes nothing", async () => {
    const { owner, group, members } = await groupWithMembers(t, { members: 1 });
    const [friend] = members;
    const post = await postAs(t, friend, group, { title: "Mine to pin?" });
    const stranger = await signUpUser(t);
    const pin = (user: User, json: unknown) =>
      call(t, `/api/groups/${group.id}/posts/${post.id}/pin`, { cookie: user.cookie, method: "PUT", json });

    const byMember = await pin(friend, { pinned: true });
    expect(byMember.status).toBe(403);
    expect(byMember.data.error.message).toBe(FEED_MESSAGES.leadersOnlyPin);
    expect((await pin(stranger, { pinned: true })).status).toBe(403);
    for (const json of [{}, { pinned: "yes" }]) expect((await pin(owner, json)).status).toBe(400);
    const unknown = await call(t, `/api/groups/${group.id}/posts/not-a-post/pin`, {
      cookie: owner.cookie,
      method: "PUT",
      json: { pinned: true },
    });
    expect(unknown.status).toBe(404);
    const [stored] = await t.db.select().from(groupPosts).where(eq(groupPosts.id, post.id));
    expect(stored?.isPinned).toBe(false);
  });
});

describe("post media", () => {
  it("re-encodes a PNG to WebP, no larger than 1600 px", async () => {
    const { owner, group } = await groupWithMembers(t);
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: "green" } })
      .png()
      .toBuffer();
    const post = await postAs(t, owner, group, {
      title: "Picture",
      file: { bytes: png, name: "photo.png", type: "image/png" },
    });
    expect(post.mediaType).toBe("image");
    expect(post.mediaUrl).toMatch(
      new RegExp(`^/uploads/user-uploads/${owner.id}/posts/\\d+-[0-9a-f]{12}\\.webp$`),
    );
    const stored = await fetchUpload(post.mediaUrl ?? "", owner);
    expect(stored.status).toBe(200);
    expect(stored.type).toBe("image/webp");
    const metadata = await sharp(stored.bytes).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 1600, height: 800 });
  });

  it("strips the GPS EXIF of a JPEG", async () => {
    const { owner, group } = await groupWithMembers(t);
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "white" } })
      .jpeg()
      .withExif({ IFD0: { Artist: "Someone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
      .toBuffer();
    const original = await sharp(jpeg).metadata();
    expect(original.exif?.includes(Buffer.from("Someone"))).toBe(true);
    expect(original.exif?.length).toBeGreaterThan(40);

    const post = await postAs(t, owner, group, {
      title: "Where I was",
      file: { bytes: jpeg, name: "trip.jpg", type: "image/jpeg" },
    });
    const stored = await fetchUpload(post.mediaUrl ?? "", owner);
    const metadata = await sharp(stored.bytes).metadata();
    expect(metadata.format).toBe("webp");
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(stored.bytes.includes(Buffer.from("Someone"))).toBe(false);
  });

  it("keeps an animated GIF moving", async () => {
    const { owner, group } = await groupWithMembers(t);
    // Three 10×10 frames of different colours, stacked as one 10×30 strip.
    const strip = Buffer.alloc(10 * 30 * 4);
    for (let pixel = 0; pixel < 10 * 30; pixel++) {
      const frame = Math.floor(pixel / 100);
      strip.set([frame === 0 ? 255 : 0, frame === 1 ? 255 : 0, frame === 2 ? 255 : 0, 255], pixel * 4);
    }
    const gif = await sharp(strip, { raw: { width: 10, height: 30, channels: 4, pageHeight: 10 } })
      .gif({ loop: 0, delay: [100, 100, 100] })
      .toBuffer();
    expect((await sharp(gif, { animated: true }).metadata()).pages).toBe(3);
    const post = await postAs(t, owner, group, {
      title: "Moving",
      file: { bytes: gif, name: "a.gif", type: "image/gif" },
    });
    const stored = await fetchUpload(post.mediaUrl ?? "", owner);
    const metadata = await sharp(stored.bytes, { animated: true }).metadata();
    expect(metadata).toMatchObject({ format: "webp", pages: 3 });
  });

  it("stores an MP4 or a WebM as a video, remuxed, with its first frame as a poster beside it", async () => {
    const { owner, group } = await groupWithMembers(t);
    for (const [name, type] of [
      ["clip.mp4", "video/mp4"],
      ["live.webm", "video/webm"],
    ] as const) {
      const bytes = videoFixture(name);
      const post = await postAs(t, owner, group, { title: "Clip", file: { bytes, name, type } });
      expect(post.mediaType).toBe("video");
      expect(post.mediaUrl).toMatch(name.endsWith(".mp4") ? /\.mp4$/ : /\.webm$/);
      const stored = await fetchUpload(post.mediaUrl ?? "", owner);
      expect(stored.type).toBe(type);
      // Its streams copied into a new container (src/server/media/video-clean.test.ts proves what is left out).
      expect(stored.bytes.length).toBeGreaterThan(bytes.length / 2);
      const poster = await fetchUpload(posterUrlFor(post.mediaUrl ?? ""), owner);
      expect(poster.type).toBe("image/webp");
      expect((await sharp(poster.bytes).metadata()).format).toBe("webp");
    }
  });

  it("refuses a video cut short or with something else behind its header, storing nothing (400)", async () => {
    const { owner, group } = await groupWithMembers(t);
    const mp4 = videoFixture("clip.mp4");
    const webm = videoFixture("clip.webm");
    const ftypEnd = mp4.readUInt32BE(0);
    const cases: Upload[] = [
      { bytes: mp4.subarray(0, mp4.length - 100), name: "cut.mp4", type: "video/mp4" },
      {
        bytes: Buffer.concat([mp4.subarray(0, ftypEnd), Buffer.alloc(2048, 0x41)]),
        name: "x.mp4",
        type: "video/mp4",
      },
      // The header of an MP4 that is all there is of it: the spec's smallest "ftyp" followed by a free box.
      {
        bytes: Buffer.concat([mp4.subarray(0, ftypEnd), Buffer.from([0, 0, 0, 8]), Buffer.from("free")]),
        name: "empty.mp4",
        type: "video/mp4",
      },
      { bytes: webm.subarray(0, webm.length - 100), name: "cut.webm", type: "video/webm" },
      {
        bytes: Buffer.concat([webm.subarray(0, 48), Buffer.alloc(2048, 0x41)]),
        name: "x.webm",
        type: "video/webm",
      },
    ];
    for (const file of cases) {
      const response = await sendPost(t, owner, group, { title: "Broken", content: "clip", file });
      expect(response.status, file.name).toBe(400);
      expect(response.data.error).toEqual({
        code: "media_unreadable",
        message: FEED_MESSAGES.mediaUnreadable,
      });
    }
    expect(await t.db.select().from(groupPosts).where(eq(groupPosts.groupId, group.id))).toEqual([]);
    expect(uploadsOf(owner)).toEqual([]);
  });

  it("refuses an SVG, a text file named .png, an EXE and an oversized image, storing nothing", async () => {
    const { owner, group } = await groupWithMembers(t);
    const exe = Buffer.alloc(256);
    exe.write("MZ");
    exe.writeUInt32LE(64, 0x3c);
    exe.write("PE\0\0", 64, "latin1");
    const bigPng = Buffer.concat([
      await sharp({ create: { width: 4, height: 4, channels: 3, background: "red" } })
        .png()
        .toBuffer(),
      Buffer.alloc(POST_IMAGE_MAX_BYTES),
    ]);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const cases: [Upload, number, string][] = [
      [{ bytes: Buffer.from(svg), name: "a.svg", type: "image/svg+xml" }, 400, FEED_MESSAGES.mediaWrongType],
      [
        { bytes: Buffer.from("just words"), name: "a.png", type: "image/png" },
        400,
        FEED_MESSAGES.mediaWrongType,
      ],
      [{ bytes: exe, name: "game.exe", type: "application/octet-stream" }, 400, FEED_MESSAGES.mediaWrongType],
      [{ bytes: new Uint8Array(0), name: "empty.png", type: "image/png" }, 400, FEED_MESSAGES.mediaWrongType],
      [{ bytes: bigPng, name: "big.png", type: "image/png" }, 413, FEED_MESSAGES.imageTooLarge],
    ];
    for (const [file, status, message] of cases) {
      const response = await sendPost(t, owner, group, { title: "Bad", content: "file", file });
      expect(response.status, file.name).toBe(status);
      expect(response.data.error.message).toBe(message);
    }
    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64, 7),
    ]);
    const unreadable = await sendPost(t, owner, group, {
      title: "Bad",
      content: "file",
      file: { bytes: broken, name: "b.png", type: "image/png" },
    });
    expect(unreadable.status).toBe(400);
    expect(await t.db.select().from(groupPosts).where(eq(groupPosts.groupId, group.id))).toEqual([]);
    expect(uploadsOf(owner)).toEqual([]);
  });
});

describe("comments", () => {
  it("nests replies to depth 5, oldest first at every level, and refuses a parent from another post", async () => {
    const { owner, group, members } = await groupWithMembers(t, { members: 1 });
    const [friend] = members;
    const post = await postAs(t, owner, group);
    const other = await postAs(t, owner, group, { title: "Other" });
    const url = `/api/groups/${group.id}/posts/${post.id}/comments`;
    const add = async (content: string, parentCommentId?: string, user = friend) => {
      const response = await call(t, url, { cookie: user.cookie, json: { content, parentCommentId } });
      expect(response.status, response.text).toBe(201);
      return response.data as FeedComment;
    };
    const first = await add("  Level 1  ");
    expect(first).toMatchObject({
      postId: post.id,
      parentCommentId: null,
      content: "Level 1",
      author: { id: friend.id, username: friend.username },
      replies: [],
      reactionsCount: 0,
      userReaction: null,
    });
    let parent = first;
    for (let depth = 2; depth <= 5; depth++)
      parent = await add(`Level ${depth}`, parent.id, depth % 2 ? friend : owner);
    const sibling = await add("Second top-level");
    await add("Reply to first, later", first.id);

    const tree = await call(t, url, { cookie: owner.cookie });
    expect(tree.status).toBe(200);
    const comments = tree.data.comments as FeedComment[];
    expect(comments.map((comment) => comment.content)).toEqual(["Level 1", "Second top-level"]);
    expect(comments[1]?.id).toBe(sibling.id);
    expect(comments[0]?.replies.map((reply) => reply.content)).toEqual(["Level 2", "Reply to first, later"]);
    let node = comments[0];
    for (let depth = 1; depth <= 5; depth++) {
      expect(node?.content).toBe(`Level ${depth}`);
      node = node?.replies[0];
    }
    expect(node).toBeUndefined();

    const foreign = await call(t, `/api/groups/${group.id}/posts/${other.id}/comments`, {
      cookie: friend.cookie,
      json: { content: "Wrong place", parentCommentId: first.id },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.data.error.message).toBe(FEED_MESSAGES.commentNotFound);
    for (const json of [
      { content: "  " },
      { content: "x".repeat(2001) },
      {},
      { content: "Hi", parentCommentId: "nope" },
    ]) {
      expect((await call(t, url, { cookie: friend.cookie, json })).status).toBe(400);
    }
    const page = await call(t, `/api/groups/${group.id}/posts`, { cookie: owner.cookie });
    expect(page.data.posts.find((p: FeedPost) => p.id === post.id).commentsCount).toBe(7);
    expect(page.data.posts.find((p: FeedPost) => p.id === other.id).commentsCount).toBe(0);
  });
});

describe("reactions", () => {
  it("adds, replaces and removes a reaction on a post", async () => {
    const { owner, group, members } = await groupWithMembers(t, { members: 1 });
    const [friend] = members;
    const post = await postAs(t, owner, group);
    const react = async (user: User, type: string) => {
      const response = await call(t, `/api/groups/${group.id}/posts/${post.id}/reaction`, {
        cookie: user.cookie,
        json: { type },
      });
      expect(response.status).toBe(200);
      return response.data;
    };
    expect(await react(friend, "like")).toEqual({
      reactionCounts: { like: 1, love: 0, pray: 0 },
      reactionsCount: 1,
      userReaction: "like",
    });
    expect(await react(owner, "like")).toMatchObject({ reactionCounts: { like: 2 }, userReaction: "like" });
    expect(await react(friend, "pray")).toEqual({
      reactionCounts: { like: 1, love: 0, pray: 1 },
      reactionsCount: 2,
      userReaction: "pray",
    });
    expect(await react(friend, "pray")).toEqual({
      reactionCounts: { like: 1, love: 0, pray: 0 },
      reactionsCount: 1,
      userReaction: null,
    });
    const wrong = await call(t, `/api/groups/${group.id}/posts/${post.id}/reaction`, {
      cookie: friend.cookie,
      json: { type: "angry" },
    });
    expect(wrong.status).toBe(400);
    const rows = await t.db.select().from(postReactions).where(eq(postReactions.postId, post.id));
    expect(rows.map((row) => [row.userId, row.reactionType])).toEqual([[owner.id, "like"]]);
  });

  it("adds, replaces and removes a reaction on a comment", async () => {
    const { owner, group } = await groupWithMembers(t);
    const post = await postAs(t, owner, group);
    const comment = await call(t, `/api/groups/${group.id}/posts/${post.id}/comments`, {
      cookie: owner.cookie,
      json: { content: "Amen" },
    });
    const url = `/api/groups/${group.id}/comments/${comment.data.id}/reaction`;
    const react = async (type: string) => (await call(t, url, { cookie: owner.cookie, json: { type } })).data;
    expect(await react("love")).toMatchObject({
      reactionCounts: { love: 1 },
      reactionsCount: 1,
      userReaction: "love",
    });
    expect(await react("pray")).toMatchObject({
      reactionCounts: { like: 0, love: 0, pray: 1 },
      reactionsCount: 1,
      userReaction: "pray",
    });
    const tree = await call(t, `/api/groups/${group.id}/posts/${post.id}/comments`, { cookie: owner.cookie });
    expect(tree.data.comments[0]).toMatchObject({ userReaction: "pray", reactionCounts: { pray: 1 } });
    expect(await react("pray")).toMatchObject({ reactionsCount: 0, userReaction: null });
    const otherGroup = await createGroupAs(t, owner);
    const elsewhere = await call(t, `/api/groups/${otherGroup.id}/comments/${comment.data.id}/reaction`, {
      cookie: owner.cookie,
      json: { type: "like" },
    });
    expect(elsewhere.status).toBe(404);
  });

  it("leaves at most one reaction per user under concurrent toggles", async () => {
    const { owner, group } = await groupWithMembers(t);
    const post = await postAs(t, owner, group);
    const comment = await call(t, `/api/groups/${group.id}/posts/${post.id}/comments`, {
      cookie: owner.cookie,
      json: { content: "Quick" },
    });
    const types = ["like", "love", "pray", "like", "like", "love", "pray", "pray", "love", "like"];
    const results = await Promise.all(
      types.flatMap((type) => [
        call(t, `/api/groups/${group.id}/posts/${post.id}/reaction`, {
          cookie: owner.cookie,
          json: { type },
        }),
        call(t, `/api/groups/${group.id}/comments/${comment.data.id}/reaction`, {
          cookie: owner.cookie,
          json: { type },
        }),
      ]),
    );
    expect(results.map((result) => result.status)).toEqual(results.map(() => 200));
    const postRows = await t.db
      .select()
      .from(postReactions)
      .where(and(eq(postReactions.postId, post.id), eq(postReactions.userId, owner.id)));
    const commentRows = await t.db
      .select()
      .from(commentReactions)
      .where(eq(commentReactions.commentId, comment.data.id));
    expect(postRows.length).toBeLessThanOrEqual(1);
    expect(commentRows.length).toBeLessThanOrEqual(1);
  });
});

describe("realtime", () => {
  it("sends a member's tab new posts, comments, reaction counts and deletions", async () => {
    const { owner, group, members } = await groupWithMembers(t, { members: 1 });
    const [friend] = members;
    const stream = await openEventStream(t, friend.cookie);
    try {
      const post = await postAs(t, owner, group, { title: "Live" });
      expect(await stream.next()).toMatchObject({
        topic: `group:${group.id}`,
        type: "post_created",
        data: { id: post.id, title: "Live", author: { id: owner.id }, userReaction: null, commentsCount: 0 },
      });
      const comment = await call(t, `/api/groups/${group.id}/posts/${post.id}/comments`, {
        cookie: owner.cookie,
        json: { content: "Welcome" },
      });
      expect(await stream.next()).toMatchObject({
        type: "comment_created",
        data: { postId: post.id, comment: { id: comment.data.id, content: "Welcome", replies: [] } },
      });
      await call(t, `/api/groups/${group.id}/posts/${post.id}/reaction`, {
        cookie: owner.cookie,
        json: { type: "love" },
      });
      const updated = await stream.next();
      expect(updated).toMatchObject({
        type: "post_updated",
        data: { postId: post.id, reactionCounts: { like: 0, love: 1, pray: 0 }, reactionsCount: 1 },
      });
      expect(updated?.data).not.toHaveProperty("userReaction");
      await call(t, `/api/groups/${group.id}/posts/${post.id}`, { cookie: owner.cookie, method: "DELETE" });
      expect(await stream.next()).toMatchObject({ type: "post_deleted", data: { postId: post.id } });
    } finally {
      stream.close();
    }
  });

  it("never sends a non-member's tab the group's posts", async () => {
    const { owner, group } = await groupWithMembers(t);
    const stranger = await signUpUser(t);
    const stream = await openEventStream(t, stranger.cookie);
    try {
      await postAs(t, owner, group, { title: "Private" });
      expect(await stream.next(300)).toBeUndefined();
    } finally {
      stream.close();
    }
  });
});
