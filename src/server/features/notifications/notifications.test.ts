import { Writable } from "node:stream";
import { and, eq, inArray, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NotificationItem } from "../../../core/schemas/notifications";
import type { EventBus } from "../../adapters/realtime/bus";
import { notifications, profiles, realtimeEvents } from "../../db/schema";
import { commentAs, groupWithMembers, postAs } from "../../test/fixtures";
import { call, createTestApp, signUpUser, type TestApp } from "../../test/harness";
import { openEventStream } from "../../test/sse";
import { notifyMentions, notifyReply, REACTION_NOTICE_WINDOW_MS } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUpUser>>;
type Group = { id: string; inviteCode: string };

/** A group of its owner and these many other members, with nothing in their bells yet. */
async function groupWith(memberCount: number) {
  const people = await groupWithMembers(t, { members: memberCount });
  // Creating and joining earn Group Leader; these tests count the notifications that come after.
  const users = [people.owner, ...people.members].map((user) => user.id);
  await t.db
    .delete(notifications)
    .where(and(eq(notifications.type, "achievement"), inArray(notifications.recipientId, users)));
  return people;
}

async function react(group: Group, postId: string, user: User, type: "like" | "love" | "pray") {
  const response = await call(t, `/api/groups/${group.id}/posts/${postId}/reaction`, {
    cookie: user.cookie,
    json: { type },
  });
  expect(response.status, response.text).toBe(200);
  return response.data;
}

async function bell(user: User): Promise<{ notifications: NotificationItem[]; unreadCount: number }> {
  const response = await call(t, "/api/notifications", { cookie: user.cookie });
  expect(response.status).toBe(200);
  return response.data;
}

const sender = (user: User) => ({ id: user.id, username: user.username, avatarUrl: null });

describe("mentions in posts", () => {
  it("notify each mentioned member once, in any case, and never a non-member, an unknown name or the author", async () => {
    const { owner, group, members } = await groupWith(2);
    const [ruth, boaz] = members as [User, User];
    const stranger = await signUpUser(t);
    const created = await postAs(t, owner, group, {
      title: `Harvest with @${ruth.username.toUpperCase()}`,
      content: `@${boaz.username} and @${ruth.username}, bring @${stranger.username} and @nobody_at_all. — @${owner.username}`,
    });

    const ruthBell = await bell(ruth);
    expect(ruthBell.unreadCount).toBe(1);
    expect(ruthBell.notifications).toEqual([
      {
        id: expect.any(String),
        type: "post_mention",
        message: `${owner.username} mentioned you in a post: Harvest with @${ruth.username.toUpperCase()}`,
        read: false,
        createdAt: expect.any(String),
        groupId: group.id,
        entityId: created.id,
        sender: sender(owner),
      },
    ]);
    expect((await bell(boaz)).notifications.map((item) => item.type)).toEqual(["post_mention"]);
    expect(await bell(stranger)).toEqual({ notifications: [], unreadCount: 0 });
    expect(await bell(owner)).toEqual({ notifications: [], unreadCount: 0 });
    const stored = await t.db.select().from(notifications).where(eq(notifications.entityId, created.id));
    expect(stored.map((row) => row.recipientId).sort()).toEqual([ruth.id, boaz.id].sort());
  });

  it("notify no one when nobody is mentioned", async () => {
    const { owner, group, members } = await groupWith(1);
    // An @ inside a word is not a mention (an email address would be, but moderation refuses those).
    await postAs(t, owner, group, {
      title: "Jonah@Nineveh was not a mention",
      content: "No mentions here, @ab is too short",
    });
    expect((await bell(members[0] as User)).unreadCount).toBe(0);
  });
});

describe("mentions in comments", () => {
  it("notify the members mentioned in a comment and in a reply, with the comment as the entity", async () => {
    const { owner, group, members } = await groupWith(1);
    const friend = members[0] as User;
    const stranger = await signUpUser(t);
    const created = await postAs(t, owner, group, { title: "Jonah", content: "Big fish" });
    const first = await commentAs(t, friend, created, `@${owner.username.toUpperCase()} look at this!`);
    const reply = await commentAs(
      t,
      owner,
      created,
      `Thanks @${friend.username} (and @${stranger.username}, @${owner.username})`,
      first.id,
    );

    expect((await bell(owner)).notifications).toEqual([
      expect.objectContaining({
        type: "comment_mention",
        message: `${friend.username} mentioned you in a comment`,
        groupId: group.id,
        entityId: first.id,
        sender: sender(friend),
      }),
    ]);
    expect((await bell(friend)).notifications).toEqual([
      expect.objectContaining({
        type: "comment_mention",
        message: `${owner.username} mentioned you in a comment`,
        entityId: reply.id,
        sender: sender(owner),
      }),
    ]);
    expect((await bell(stranger)).notifications).toEqual([]);
  });
});

describe("replies", () => {
  it("tell a post's author of a comment and a comment's author of a reply, never their own, once with a mention", async () => {
    const { owner, group, members } = await groupWith(2);
    const [friend, third] = members as [User, User];
    const created = await postAs(t, owner, group, { title: "Ruth", content: "Where you go, I will go" });

    const comment = await commentAs(t, friend, created, "I love this story");
    expect((await bell(owner)).notifications).toEqual([
      expect.objectContaining({
        type: "comment_reply",
        message: `${friend.username} commented on your post: Ruth`,
        groupId: group.id,
        entityId: comment.id,
        sender: sender(friend),
      }),
    ]);

    // A reply goes to the comment's author, not to the post's.
    const reply = await commentAs(t, third, created, "Me too!", comment.id);
    expect((await bell(friend)).notifications).toEqual([
      expect.objectContaining({
        type: "comment_reply",
        message: `${third.username} replied to your comment`,
        entityId: reply.id,
        sender: sender(third),
      }),
    ]);
    expect((await bell(owner)).notifications).toHaveLength(1);

    // Answering oneself tells no one; a reply that also mentions its reader tells them once, as a mention.
    await commentAs(t, owner, created, "Thank you all");
    await commentAs(t, third, created, "And one more thing", reply.id);
    await commentAs(t, third, created, `@${friend.username} what do you think?`, comment.id);
    expect((await bell(owner)).notifications).toHaveLength(1);
    expect((await bell(third)).notifications).toEqual([]);
    expect((await bell(friend)).notifications.map((item) => item.type)).toEqual([
      "comment_mention",
      "comment_reply",
    ]);
  });

  it("do not tell an author who has left the group", async () => {
    const { owner, group, members } = await groupWith(1);
    const friend = members[0] as User;
    const created = await postAs(t, friend, group, { title: "Esther", content: "For such a time as this" });
    const left = await call(t, `/api/groups/${group.id}/members/me`, {
      cookie: friend.cookie,
      method: "DELETE",
    });
    expect(left.status, left.text).toBe(204);
    await commentAs(t, owner, created, "Brave queen");
    expect((await bell(friend)).notifications).toEqual([]);
  });
});

describe("reactions", () => {
  it("tell the post's author of a reaction, not of a removed one or their own, and once in 10 minutes", async () => {
    const { owner, group, members } = await groupWith(1);
    const friend = members[0] as User;
    const created = await postAs(t, owner, group, { title: "Daniel", content: "Lions" });

    await react(group, created.id, friend, "pray");
    await react(group, created.id, friend, "love");
    const removed = await react(group, created.id, friend, "love");
    expect(removed.userReaction).toBeNull();
    await react(group, created.id, owner, "like");

    // Changing a reaction a moment later is no news: one notification, as first sent.
    const ownerBell = await bell(owner);
    expect(ownerBell.unreadCount).toBe(1);
    expect(ownerBell.notifications.map((item) => item.message)).toEqual([
      `${friend.username} reacted 🙏 to your post: Daniel`,
    ]);
    expect(ownerBell.notifications[0]).toMatchObject({
      type: "reaction",
      groupId: group.id,
      entityId: created.id,
      sender: sender(friend),
    });
    expect((await bell(friend)).notifications).toEqual([]);

    // Ten minutes on, a reaction is news again.
    await t.db
      .update(notifications)
      .set({ createdAt: new Date(Date.now() - REACTION_NOTICE_WINDOW_MS - 1000) })
      .where(eq(notifications.recipientId, owner.id));
    await react(group, created.id, friend, "like");
    const later = await bell(owner);
    expect(later.notifications.map((item) => item.message)).toEqual([
      `${friend.username} reacted 👍 to your post: Daniel`,
      `${friend.username} reacted 🙏 to your post: Daniel`,
    ]);
  });

  it("merge parallel reactions by several members into one notification per author and post", async () => {
    // On PGlite transactions run one at a time, so a missing lock cannot show there: CI runs this file on
    // PostgreSQL too, where the reactions really race.
    const { owner, group, members } = await groupWith(6);
    const first = await postAs(t, owner, group, { title: "Esther", content: "Queen" });
    const second = await postAs(t, owner, group, { title: "Joseph", content: "Coat" });
    const types = ["like", "love", "pray"] as const;
    await Promise.all([
      ...members.map((member, index) => react(group, first.id, member, types[index % 3] ?? "like")),
      ...members.map((member, index) => react(group, second.id, member, types[(index + 1) % 3] ?? "like")),
    ]);

    const received = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, owner.id), eq(notifications.type, "reaction")));
    expect(received.map((row) => row.entityId).sort()).toEqual([first.id, second.id].sort());
    for (const row of received) {
      const firstReactor = members.find((member) => member.id === row.senderId);
      expect(firstReactor).toBeDefined();
      const title = row.entityId === first.id ? "Esther" : "Joseph";
      expect(row.message).toBe(`${firstReactor?.username} and others reacted to your post: ${title}`);
    }
    // And one ping each to the author's open tabs, not one per reaction.
    const pings = await t.db
      .select()
      .from(realtimeEvents)
      .where(and(eq(realtimeEvents.topic, `user:${owner.id}`), eq(realtimeEvents.type, "notification")));
    expect(pings.filter((ping) => (ping.payload as { type: string }).type === "reaction")).toHaveLength(2);
    expect((await bell(owner)).unreadCount).toBe(2);

    // Another author's post is another notification.
    const theirs = await postAs(t, members[0] as User, group, { title: "Ruth", content: "Gleaning" });
    await react(group, theirs.id, members[1] as User, "pray");
    expect((await bell(members[0] as User)).notifications.map((item) => item.message)).toEqual([
      `${members[1]?.username} reacted 🙏 to your post: Ruth`,
    ]);
  });

  it("on comments notify no one", async () => {
    const { owner, group, members } = await groupWith(1);
    const friend = members[0] as User;
    const created = await postAs(t, owner, group, { title: "Ruth", content: "Gleaning" });
    const reply = await commentAs(t, owner, created, "Hello");
    const response = await call(t, `/api/groups/${group.id}/comments/${reply.id}/reaction`, {
      cookie: friend.cookie,
      json: { type: "pray" },
    });
    expect(response.status).toBe(200);
    expect((await bell(owner)).notifications).toEqual([]);
  });
});

describe("the bell", () => {
  it("shows only the reader's own, marks read only the reader's own, and counts unread", async () => {
    const { owner, group, members } = await groupWith(1);
    const friend = members[0] as User;
    await postAs(t, owner, group, { title: "One", content: `@${friend.username}` });
    await postAs(t, owner, group, { title: "Two", content: `@${friend.username}` });
    await postAs(t, owner, group, { title: "Three", content: `@${friend.username}` });
    await postAs(t, friend, group, { title: "Mine", content: `@${owner.username}` });

    const friendBell = await bell(friend);
    expect(friendBell.unreadCount).toBe(3);
    expect(friendBell.notifications.map((item) => item.message)).toEqual([
      `${owner.username} mentioned you in a post: Three`,
      `${owner.username} mentioned you in a post: Two`,
      `${owner.username} mentioned you in a post: One`,
    ]);
    const ownerBell = await bell(owner);
    expect(ownerBell.notifications).toHaveLength(1);
    const ownersId = ownerBell.notifications[0]?.id as string;

    // Another reader's id, alone or among one's own, changes nothing of theirs.
    const foreign = await call(t, "/api/notifications/read", {
      cookie: friend.cookie,
      json: { ids: [ownersId] },
    });
    expect(foreign.status).toBe(200);
    expect(foreign.data).toEqual({ unreadCount: 3 });
    const [first, second] = friendBell.notifications as [NotificationItem, NotificationItem];
    const mixed = await call(t, "/api/notifications/read", {
      cookie: friend.cookie,
      json: { ids: [first.id, ownersId] },
    });
    expect(mixed.data).toEqual({ unreadCount: 2 });
    expect(await bell(owner)).toMatchObject({
      unreadCount: 1,
      notifications: [{ id: ownersId, read: false }],
    });

    const again = await call(t, "/api/notifications/read", {
      cookie: friend.cookie,
      json: { ids: [first.id] },
    });
    expect(again.data).toEqual({ unreadCount: 2 });
    expect((await bell(friend)).notifications.map((item) => [item.id, item.read])).toEqual([
      [first.id, true],
      [second.id, false],
      [expect.any(String), false],
    ]);

    const all = await call(t, "/api/notifications/read-all", { cookie: friend.cookie, method: "POST" });
    expect(all.status).toBe(200);
    expect(all.data).toEqual({ unreadCount: 0 });
    const after = await bell(friend);
    expect(after.unreadCount).toBe(0);
    expect(after.notifications.every((item) => item.read)).toBe(true);
    expect((await bell(owner)).unreadCount).toBe(1);
  });

  it("refuses visitors and unreadable mark-read requests", async () => {
    const user = await signUpUser(t);
    expect((await call(t, "/api/notifications")).status).toBe(401);
    expect((await call(t, "/api/notifications/read", { json: { ids: [crypto.randomUUID()] } })).status).toBe(
      401,
    );
    expect((await call(t, "/api/notifications/read-all", { method: "POST" })).status).toBe(401);
    for (const json of [
      {},
      { ids: [] },
      { ids: ["not-a-uuid"] },
      { ids: Array(51).fill(crypto.randomUUID()) },
    ]) {
      const response = await call(t, "/api/notifications/read", { cookie: user.cookie, json });
      expect(response.status, JSON.stringify(json)).toBe(400);
    }
  });

  it("fetches the 50 newest, and counts every unread one", async () => {
    const { owner, members } = await groupWith(1);
    const friend = members[0] as User;
    await t.db.insert(notifications).values(
      Array.from({ length: 55 }, (_, index) => ({
        recipientId: friend.id,
        senderId: owner.id,
        type: "other",
        message: `Note ${index}`,
        createdAt: sql`now() - ${`${55 - index} minutes`}::interval`,
      })),
    );
    const friendBell = await bell(friend);
    expect(friendBell.unreadCount).toBe(55);
    expect(friendBell.notifications).toHaveLength(50);
    expect(friendBell.notifications.map((item) => item.message)).toEqual(
      Array.from({ length: 50 }, (_, index) => `Note ${54 - index}`),
    );
    expect(friendBell.notifications[0]?.sender).toEqual(sender(owner));
  });
});

describe("live", () => {
  it("a new notification reaches the recipient's open tab, and no one else's, as the bell then shows it", async () => {
    const { owner, group, members } = await groupWith(1);
    const friend = members[0] as User;
    // A sender with a picture: the bell reads it from the database's row, the tab from the one stored.
    const avatarUrl = `/uploads/avatar-${friend.id}.webp`;
    await t.db.update(profiles).set({ avatarUrl }).where(eq(profiles.id, friend.id));
    const created = await postAs(t, owner, group, { title: "Esther", content: "Courage" });
    const ownerTab = await openEventStream(t, owner.cookie);
    const friendTab = await openEventStream(t, friend.cookie);
    try {
      const written = await commentAs(t, friend, created, `@${owner.username} for such a time as this`);
      const seen: string[] = [];
      let notification: NotificationItem | undefined;
      for (let index = 0; index < 5 && !notification; index++) {
        const event = await ownerTab.next();
        if (!event) break;
        seen.push(event.type);
        if (event.type === "notification") {
          expect(event.topic).toBe(`user:${owner.id}`);
          notification = event.data as NotificationItem;
        }
      }
      expect(seen).toContain("comment_created");
      expect(notification).toEqual((await bell(owner)).notifications[0]);
      expect(notification).toMatchObject({
        type: "comment_mention",
        entityId: written.id,
        sender: { ...sender(friend), avatarUrl },
      });
      expect(notification?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

      const friendEvents: string[] = [];
      for (let event = await friendTab.next(500); event; event = await friendTab.next(500)) {
        friendEvents.push(event.type);
      }
      expect(friendEvents).not.toContain("notification");
    } finally {
      await ownerTab.close();
      await friendTab.close();
    }
  });
});

describe("fan-out failures", () => {
  it("are logged and never thrown, so the post or comment that caused them still stands", async () => {
    const { owner, group, members } = await groupWith(1);
    const friend = members[0] as User;
    const lines: string[] = [];
    const logger = pino(
      { level: "error" },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const bus: EventBus = { ...t.bus, publish: () => Promise.reject(new Error("bus down")) };
    await expect(
      notifyMentions(
        { db: t.db, bus, logger, pushQueue: t.pushQueue },
        {
          kind: "comment",
          groupId: group.id,
          author: sender(owner),
          text: `@${friend.username}`,
          commentId: crypto.randomUUID(),
        },
      ),
    ).resolves.toEqual([]);
    expect(lines.join("")).toContain("mention notifications not sent");
    expect(lines.join("")).toContain("bus down");

    const created = await postAs(t, owner, group, { title: "Noah", content: "Rain" });
    await expect(
      notifyReply(
        { db: t.db, bus, logger, pushQueue: t.pushQueue },
        {
          post: { ...created, authorId: owner.id },
          comment: { id: crypto.randomUUID(), parentCommentId: null, author: sender(friend) },
          alreadyTold: [],
        },
      ),
    ).resolves.toBeUndefined();
    expect(lines.join("")).toContain("reply notification not sent");
  });
});
