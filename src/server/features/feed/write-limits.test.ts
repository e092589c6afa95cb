import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groupMessages, groupPosts, postComments, rateLimitEvents } from "../../db/schema";
import { LIMIT_RULES } from "../../shared/rate-limit";
import {
  call,
  createGroupAs,
  createTestApp,
  joinGroupAs,
  parallel,
  signUpUser,
  type TestApp,
  type TestUser,
} from "../../test/harness";

// What a child writes in a group has a rate per account (chat, posts, comments, reactions: LIMIT_RULES). Each
// write is recorded before it is made, under a lock on the count, so a burst of parallel writes gets exactly
// the limit through and 429 for the rest. On PGlite transactions run one at a time, so a missing lock cannot
// show there: CI runs this file on PostgreSQL too, where the requests really race.

const { chat, post, comment, reaction } = LIMIT_RULES;
const SLOW_DOWN = "You're sending messages very fast. Take a breath and try again in a minute.";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    limits: { chat: chat.max, post: post.max, comment: comment.max, reaction: reaction.max },
  });
});
afterAll(() => t.close());

const refused = <R extends { status: number }>(responses: R[]) =>
  responses.filter((response) => response.status === 429);
const statusesOf = (responses: { status: number }[]) => new Set(responses.map((response) => response.status));

async function groupOf(size: number) {
  const owner = await signUpUser(t);
  const group = await createGroupAs(t, owner, "Busy bees");
  const members: TestUser[] = [];
  for (let index = 0; index < size; index++) {
    const member = await signUpUser(t);
    await joinGroupAs(t, member, group);
    members.push(member);
  }
  return { owner, group, members };
}

const sendMessage = (user: TestUser, groupId: string, body: string) =>
  call(t, `/api/groups/${groupId}/messages`, { cookie: user.cookie, json: { body } });

function newPost(user: TestUser, groupId: string, title: string) {
  const form = new FormData();
  form.set("title", title);
  form.set("content", "Shared with the group");
  return call(t, `/api/groups/${groupId}/posts`, { cookie: user.cookie, body: form });
}

const ageCounts = (keyPattern: string, windowMs: number) =>
  t.db
    .update(rateLimitEvents)
    .set({ createdAt: new Date(Date.now() - windowMs - 1000) })
    .where(like(rateLimitEvents.key, keyPattern));

describe("chat messages", () => {
  it(`let ${chat.max} of 50 parallel messages through, and answer the rest kindly with 429`, async () => {
    const { group, members } = await groupOf(2);
    const [child, friend] = members as [TestUser, TestUser];
    const burst = await parallel(50, (index) => sendMessage(child, group.id, `Hello ${index}`));
    expect(burst.filter((response) => response.status === 201)).toHaveLength(chat.max);
    expect(statusesOf(burst)).toEqual(new Set([201, 429]));
    expect(refused(burst)[0]?.data.error).toEqual({ code: "too_many_requests", message: SLOW_DOWN });
    const stored = await t.db.select().from(groupMessages).where(eq(groupMessages.senderId, child.id));
    expect(stored).toHaveLength(chat.max);

    // The rate is the child's own, and a minute later they may write again.
    expect((await sendMessage(friend, group.id, "Me too")).status).toBe(201);
    await ageCounts(`chat:${child.id}`, chat.windowMs);
    expect((await sendMessage(child, group.id, "Back again")).status).toBe(201);
  });

  it("count a message refused by moderation: probing the filter is slowed like any other burst", async () => {
    const { group, members } = await groupOf(1);
    const child = members[0] as TestUser;
    for (let index = 0; index < chat.max; index++) {
      const response = await sendMessage(child, group.id, `my email is sam${index}@example.com`);
      expect(response.status).toBe(422);
    }
    const clean = await sendMessage(child, group.id, "Daniel trusted God");
    expect(clean.status).toBe(429);
    expect(clean.data.error.message).toBe(SLOW_DOWN);
    expect(await t.db.select().from(groupMessages).where(eq(groupMessages.senderId, child.id))).toEqual([]);
  });
});

describe("posts", () => {
  it(`let ${post.max} of 30 parallel posts through in an hour`, async () => {
    const { group, members } = await groupOf(1);
    const child = members[0] as TestUser;
    const burst = await parallel(30, (index) => newPost(child, group.id, `Post ${index}`));
    expect(burst.filter((response) => response.status === 201)).toHaveLength(post.max);
    expect(statusesOf(burst)).toEqual(new Set([201, 429]));
    expect(refused(burst)[0]?.data.error).toEqual({ code: "too_many_requests", message: post.message });
    expect(await t.db.select().from(groupPosts).where(eq(groupPosts.authorId, child.id))).toHaveLength(
      post.max,
    );
  });
});

describe("comments", () => {
  it(`let ${comment.max} of 30 parallel comments and replies through in a minute`, async () => {
    const { owner, group, members } = await groupOf(1);
    const child = members[0] as TestUser;
    const created = await newPost(owner, group.id, "Talk about it");
    expect(created.status).toBe(201);
    const path = `/api/groups/${group.id}/posts/${created.data.id}/comments`;
    const first = await call(t, path, { cookie: owner.cookie, json: { content: "Start here" } });
    const burst = await parallel(30, (index) =>
      call(t, path, {
        cookie: child.cookie,
        json: { content: `Comment ${index}`, parentCommentId: index % 2 ? first.data.id : undefined },
      }),
    );
    expect(burst.filter((response) => response.status === 201)).toHaveLength(comment.max);
    expect(statusesOf(burst)).toEqual(new Set([201, 429]));
    expect(refused(burst)[0]?.data.error.message).toBe(SLOW_DOWN);
    expect(await t.db.select().from(postComments).where(eq(postComments.authorId, child.id))).toHaveLength(
      comment.max,
    );
  });
});

describe("reactions", () => {
  it(`let ${reaction.max} of 100 parallel reactions on posts and comments through in a minute`, async () => {
    const { owner, group, members } = await groupOf(1);
    const child = members[0] as TestUser;
    const created = await newPost(owner, group.id, "React to me");
    const base = `/api/groups/${group.id}`;
    const reply = await call(t, `${base}/posts/${created.data.id}/comments`, {
      cookie: owner.cookie,
      json: { content: "And to me" },
    });
    const types = ["like", "love", "pray"] as const;
    const burst = await parallel(100, (index) =>
      call(
        t,
        index % 2
          ? `${base}/posts/${created.data.id}/reaction`
          : `${base}/comments/${reply.data.id}/reaction`,
        {
          cookie: child.cookie,
          json: { type: types[index % 3] },
        },
      ),
    );
    expect(burst.filter((response) => response.status === 200)).toHaveLength(reaction.max);
    expect(statusesOf(burst)).toEqual(new Set([200, 429]));
    expect(refused(burst)[0]?.data.error.message).toBe(SLOW_DOWN);
    // Someone else's clicks are their own.
    const own = await call(t, `${base}/posts/${created.data.id}/reaction`, {
      cookie: owner.cookie,
      json: { type: "pray" },
    });
    expect(own.status).toBe(200);
  });
});
