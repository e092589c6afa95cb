import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_DELETE_MESSAGES } from "../../../core/schemas/admin-delete";
import type { FeedPost } from "../../../core/schemas/feed";
import { adminDeletions, groupPosts, postComments, postReactions, rateLimitEvents } from "../../db/schema";
import { LIMIT_RULES } from "../../shared/rate-limit";
import { call, createTestApp, signUpUser, type TestApp } from "../../test/harness";
import { openEventStream } from "../../test/sse";
import { adminPasswordMatches } from "./admin-delete";

const ADMIN_PASSWORD = "Lamp-admin-keys-2026";
const FAILED = "Invalid admin password or error deleting post";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminPassword: ADMIN_PASSWORD });
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUpUser>>;

async function createGroup(app: TestApp, owner: User) {
  const response = await call(app, "/api/groups", { cookie: owner.cookie, json: { name: "Admin friends" } });
  expect(response.status).toBe(201);
  return response.data as { id: string; inviteCode: string };
}

async function joinGroup(app: TestApp, user: User, group: { inviteCode: string }) {
  const response = await call(app, "/api/groups/join", {
    cookie: user.cookie,
    json: { code: group.inviteCode },
  });
  expect(response.status).toBe(200);
}

async function createPost(app: TestApp, groupId: string, user: User, image?: Buffer): Promise<FeedPost> {
  const form = new FormData();
  form.set("title", "Something to remove");
  form.set("content", "Body");
  if (image) form.set("file", new File([new Uint8Array(image)], "a.png", { type: "image/png" }));
  const response = await call(app, `/api/groups/${groupId}/posts`, { cookie: user.cookie, body: form });
  expect(response.status, response.text).toBe(201);
  return response.data;
}

/** A group with an author and another member, and a post by the author. */
async function setUp(app: TestApp = t) {
  const author = await signUpUser(app);
  const group = await createGroup(app, author);
  const member = await signUpUser(app);
  await joinGroup(app, member, group);
  const post = await createPost(app, group.id, author);
  return { author, member, group, post };
}

/**
 * Each user asks from a network address of their own unless a test says otherwise: attempts are counted per
 * address as well as per account, and the tests of this file must not spend each other's.
 */
const addresses = new Map<string, string>();
function addressOf(user: User) {
  let address = addresses.get(user.id);
  if (!address) {
    address = `198.51.${Math.floor(addresses.size / 250)}.${(addresses.size % 250) + 1}`;
    addresses.set(user.id, address);
  }
  return address;
}

/** The keys of a user's attempts: their account's and their address's. */
const attemptKeys = (user: User) => [`adminDelete:user:${user.id}`, `adminDelete:ip:${addressOf(user)}`];

function adminDelete(
  user: User,
  groupId: string,
  postId: string,
  body: unknown,
  app: TestApp = t,
  address = addressOf(user),
) {
  return call(app, `/api/groups/${groupId}/posts/${postId}/admin-delete`, {
    cookie: user.cookie,
    json: body,
    headers: { "x-forwarded-for": address },
  });
}

const postExists = async (postId: string) =>
  (await t.db.select().from(groupPosts).where(eq(groupPosts.id, postId))).length === 1;

describe("admin delete", () => {
  it("compares passwords whatever their lengths", () => {
    expect(adminPasswordMatches(ADMIN_PASSWORD, ADMIN_PASSWORD)).toBe(true);
    expect(adminPasswordMatches("short", ADMIN_PASSWORD)).toBe(false);
    expect(adminPasswordMatches(`${ADMIN_PASSWORD}x`, ADMIN_PASSWORD)).toBe(false);
    expect(adminPasswordMatches("", ADMIN_PASSWORD)).toBe(false);
  });

  it("tells members whether it is turned on", async () => {
    const { member, group } = await setUp();
    const status = await call(t, `/api/groups/${group.id}/admin-delete`, { cookie: member.cookie });
    expect(status.status).toBe(200);
    expect(status.data).toEqual({ enabled: true });
  });

  it("refuses a wrong password with the spec's message and deletes nothing", async () => {
    const { member, group, post } = await setUp();
    const response = await adminDelete(member, group.id, post.id, { password: "not-the-password" });
    expect(response.status).toBe(403);
    expect(response.data.error).toEqual({ code: "admin_delete_refused", message: FAILED });
    expect(await postExists(post.id)).toBe(true);
    expect(await t.db.select().from(adminDeletions).where(eq(adminDeletions.postId, post.id))).toEqual([]);
  });

  it("answers the same for a post that does not exist, or belongs to another group", async () => {
    const { member, group } = await setUp();
    const other = await setUp();
    for (const postId of ["not-a-uuid", "00000000-0000-4000-8000-000000000000", other.post.id]) {
      const response = await adminDelete(member, group.id, postId, { password: ADMIN_PASSWORD });
      expect(response.status).toBe(403);
      expect(response.data.error.message).toBe(FAILED);
    }
    expect(await postExists(other.post.id)).toBe(true);
  });

  it("refuses the sixth attempt within 15 minutes, even with the right password", async () => {
    const { member, group, post } = await setUp();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await adminDelete(member, group.id, post.id, { password: `wrong-${attempt}` });
      expect(response.status).toBe(403);
    }
    const sixth = await adminDelete(member, group.id, post.id, { password: ADMIN_PASSWORD });
    expect(sixth.status).toBe(429);
    expect(sixth.data.error).toEqual({
      code: "too_many_attempts",
      message: ADMIN_DELETE_MESSAGES.tooManyAttempts,
    });
    expect(await postExists(post.id)).toBe(true);

    // The limit is the user's own: another member still has all five attempts.
    const other = await signUpUser(t);
    await joinGroup(t, other, group);
    expect((await adminDelete(other, group.id, post.id, { password: "wrong" })).status).toBe(403);

    // Attempts older than 15 minutes no longer count.
    await t.db
      .update(rateLimitEvents)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(inArray(rateLimitEvents.key, attemptKeys(member)));
    expect((await adminDelete(member, group.id, post.id, { password: ADMIN_PASSWORD })).status).toBe(204);
  });

  it("holds the limit under parallel attempts", async () => {
    const { member, group, post } = await setUp();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        adminDelete(member, group.id, post.id, { password: `guess-${index}` }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 403).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(5);
  });

  // On PGlite transactions run one at a time, so a missing lock cannot show there: CI runs this file on
  // PostgreSQL too, where the requests really race.
  it("answers 50 parallel wrong attempts at most 5 times, from 10 accounts on one address or one account on 50", async () => {
    const { author, member, group, post } = await setUp();
    const accounts: User[] = [];
    for (let index = 0; index < 10; index++) {
      const account = await signUpUser(t);
      await joinGroup(t, account, group);
      accounts.push(account);
    }
    const address = "203.0.113.50";
    // Five each: every account has room for all of its own, so only the count per address can stop them.
    const fromOneAddress = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        adminDelete(
          accounts[index % 10] as User,
          group.id,
          post.id,
          { password: `guess-${index}` },
          t,
          address,
        ),
      ),
    );
    const answered = fromOneAddress.filter((response) => response.status !== 429);
    expect(answered.length).toBeLessThanOrEqual(LIMIT_RULES.adminDelete.max);
    expect(answered.map((response) => response.status)).toEqual(answered.map(() => 403));
    expect(fromOneAddress.find((response) => response.status === 429)?.data.error).toEqual({
      code: "too_many_attempts",
      message: ADMIN_DELETE_MESSAGES.tooManyAttempts,
    });
    // Even the right password waits on that address.
    const right = await adminDelete(author, group.id, post.id, { password: ADMIN_PASSWORD }, t, address);
    expect(right.status).toBe(429);

    // And one account spread over many addresses is held by its own count.
    const fromManyAddresses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        adminDelete(member, group.id, post.id, { password: `guess-${index}` }, t, `192.0.2.${index + 1}`),
      ),
    );
    expect(fromManyAddresses.filter((response) => response.status !== 429).length).toBeLessThanOrEqual(
      LIMIT_RULES.adminDelete.max,
    );
    expect(await postExists(post.id)).toBe(true);
  });

  it("deletes any member's post with its media, comments and reactions, records who deleted what, and tells the group", async () => {
    const author = await signUpUser(t);
    const group = await createGroup(t, author);
    const member = await signUpUser(t);
    await joinGroup(t, member, group);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "blue" } })
      .png()
      .toBuffer();
    const post = await createPost(t, group.id, author, png);
    const uploads = join(t.dataDir, "uploads", "user-uploads", author.id, "posts");
    expect(readdirSync(uploads)).toHaveLength(1);
    await call(t, `/api/groups/${group.id}/posts/${post.id}/comments`, {
      cookie: member.cookie,
      json: { content: "Hi" },
    });
    await call(t, `/api/groups/${group.id}/posts/${post.id}/reaction`, {
      cookie: member.cookie,
      json: { type: "pray" },
    });
    const stream = await openEventStream(t, author.cookie);

    const response = await adminDelete(member, group.id, post.id, { password: ADMIN_PASSWORD });
    expect(response.status).toBe(204);
    expect(await postExists(post.id)).toBe(false);
    expect(await t.db.select().from(postComments).where(eq(postComments.postId, post.id))).toEqual([]);
    expect(await t.db.select().from(postReactions).where(eq(postReactions.postId, post.id))).toEqual([]);
    expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);
    expect(await t.db.select().from(adminDeletions).where(eq(adminDeletions.postId, post.id))).toEqual([
      expect.objectContaining({
        actorId: member.id,
        postId: post.id,
        groupId: group.id,
        postTitle: "Something to remove",
        postAuthorId: author.id,
      }),
    ]);
    const event = await stream.next();
    expect(event).toMatchObject({ type: "post_deleted", data: { postId: post.id } });
    stream.close();

    const again = await adminDelete(member, group.id, post.id, { password: ADMIN_PASSWORD });
    expect(again.status).toBe(403);
    expect(again.data.error.message).toBe(FAILED);
  });

  it("refuses non-members (and tells them nothing), the signed-out, and malformed bodies", async () => {
    const { group, post, member } = await setUp();
    const stranger = await signUpUser(t);
    const asStranger = await adminDelete(stranger, group.id, post.id, { password: ADMIN_PASSWORD });
    expect(asStranger.status).toBe(403);
    expect(asStranger.data.error.code).toBe("members_only");
    const strangerStatus = await call(t, `/api/groups/${group.id}/admin-delete`, { cookie: stranger.cookie });
    expect(strangerStatus.status).toBe(403);

    const signedOut = await call(t, `/api/groups/${group.id}/posts/${post.id}/admin-delete`, {
      json: { password: ADMIN_PASSWORD },
    });
    expect(signedOut.status).toBe(401);
    expect((await call(t, `/api/groups/${group.id}/admin-delete`)).status).toBe(401);

    for (const body of [{}, { password: "" }, { password: 42 }, { password: "x".repeat(201) }]) {
      const response = await adminDelete(member, group.id, post.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const notJson = await call(t, `/api/groups/${group.id}/posts/${post.id}/admin-delete`, {
      cookie: member.cookie,
      body: "password=x",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.status).toBe(400);
    expect(await postExists(post.id)).toBe(true);
    // None of these was an attempt at the password.
    expect(
      await t.db
        .select()
        .from(rateLimitEvents)
        .where(inArray(rateLimitEvents.key, attemptKeys(member))),
    ).toEqual([]);
  });
});

describe("admin delete without ADMIN_PASSWORD", () => {
  it("is turned off, says so, and deletes nothing", async () => {
    const off = await createTestApp();
    try {
      const { member, group, post } = await setUp(off);
      const status = await call(off, `/api/groups/${group.id}/admin-delete`, { cookie: member.cookie });
      expect(status.data).toEqual({ enabled: false });
      for (const password of [ADMIN_PASSWORD, "anything at all"]) {
        const response = await adminDelete(member, group.id, post.id, { password }, off);
        expect(response.status).toBe(403);
        expect(response.data.error).toEqual({
          code: "admin_delete_disabled",
          message: "Admin delete is turned off on this server.",
        });
      }
      expect(await off.db.select().from(groupPosts).where(eq(groupPosts.id, post.id))).toHaveLength(1);
    } finally {
      await off.close();
    }
  });
});
