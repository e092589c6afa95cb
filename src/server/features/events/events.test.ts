import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groupTopic, type RealtimeEnvelope, userTopic } from "../../../core/realtime";
import type { EventBus, EventListener } from "../../adapters/realtime/bus";
import { groupMembers, realtimeEvents, studyGroups } from "../../db/schema";
import { anyPayload } from "../../test/any-payload";
import { call, createTestApp, signUpUser, type TestApp } from "../../test/harness";
import { type EventStream, openEventStream } from "../../test/sse";
import { RECONNECT_AFTER_REPLACED_MS, RETRY_WHEN_FULL_S } from "./routes";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ realtimePingMs: 200 });
});
afterAll(async () => {
  await t?.close();
});

async function createGroup(app: TestApp, ownerId: string, memberIds: string[] = []): Promise<string> {
  const [group] = await app.db
    .insert(studyGroups)
    .values({
      name: "Lamp bearers",
      ownerId,
      inviteCode: randomBytes(3).toString("hex").toUpperCase(),
    })
    .returning({ id: studyGroups.id });
  if (!group) throw new Error("no group");
  await app.db
    .insert(groupMembers)
    .values([
      { groupId: group.id, userId: ownerId, role: "owner" },
      ...memberIds.map((userId) => ({ groupId: group.id, userId })),
    ]);
  return group.id;
}

/** What the groups feature does on a join: the member row first, then the event on the user's topic. */
async function join(app: TestApp, groupId: string, userId: string) {
  await app.db.insert(groupMembers).values({ groupId, userId });
  await app.bus.publish({ topic: userTopic(userId), type: "membership", data: { groupId } });
}

async function leave(app: TestApp, groupId: string, userId: string) {
  await app.db
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  await app.bus.publish({ topic: userTopic(userId), type: "membership", data: { groupId } });
}

const say = (bus: EventBus, groupId: string, text: string) =>
  bus.publish(anyPayload({ topic: groupTopic(groupId), type: "group_message", data: { groupId, text } }));

/** A notification to the user: their own topic always reaches them, so it marks "everything before has arrived". */
const mark = (bus: EventBus, userId: string, text: string) =>
  bus.publish(anyPayload({ topic: userTopic(userId), type: "notification", data: { text } }));

type StreamEvent = NonNullable<Awaited<ReturnType<EventStream["next"]>>>;

async function nextEvents(stream: EventStream, count: number) {
  const events: StreamEvent[] = [];
  for (let i = 0; i < count; i += 1) {
    const event = await stream.next();
    if (!event) throw new Error(`only ${events.length} of ${count} events arrived`);
    events.push(event);
  }
  return events;
}

const textOf = (event: RealtimeEnvelope | undefined) => (event?.data as { text?: string } | undefined)?.text;

describe("GET /api/events", () => {
  it("refuses a signed-out visitor", async () => {
    const response = await call(t, "/api/events");
    expect(response.status).toBe(401);
    expect(response.data.error.code).toBe("not_authenticated");
  });

  it("gives every member's stream the group's messages, in order", async () => {
    const owner = await signUpUser(t);
    const friend = await signUpUser(t);
    const groupId = await createGroup(t, owner.id, [friend.id]);
    const streams = [await openEventStream(t, owner.cookie), await openEventStream(t, friend.cookie)];
    try {
      const published = [];
      for (const text of ["Let there be light", "And there was light", "It was good"]) {
        published.push(await say(t.bus, groupId, text));
      }
      for (const stream of streams) {
        const events = await nextEvents(stream, 3);
        expect(events.map(textOf)).toEqual(["Let there be light", "And there was light", "It was good"]);
        expect(events.map((event) => event.id)).toEqual(published.map((event) => event.id));
        expect(events.map((event) => event.sseId)).toEqual(published.map((event) => String(event.id)));
        expect(events[0]).toMatchObject({
          topic: groupTopic(groupId),
          type: "group_message",
          createdAt: published[0]?.createdAt,
        });
      }
    } finally {
      await Promise.all(streams.map((stream) => stream.close()));
    }
  });

  it("replays what a reconnecting tab missed, then carries on live, and sends nothing twice", async () => {
    const member = await signUpUser(t);
    const stranger = await signUpUser(t);
    const groupId = await createGroup(t, member.id);
    const otherGroupId = await createGroup(t, stranger.id);

    const first = await openEventStream(t, member.cookie);
    await say(t.bus, groupId, "before");
    const seen = await first.next();
    expect(textOf(seen)).toBe("before");
    await first.close();

    await say(t.bus, groupId, "missed 1");
    await say(t.bus, otherGroupId, "not yours");
    await mark(t.bus, member.id, "missed 2");
    await say(t.bus, groupId, "missed 3");

    const again = await openEventStream(t, member.cookie, { lastEventId: seen?.sseId });
    try {
      expect((await nextEvents(again, 3)).map(textOf)).toEqual(["missed 1", "missed 2", "missed 3"]);
      await say(t.bus, groupId, "live");
      await mark(t.bus, member.id, "marker");
      expect((await nextEvents(again, 2)).map(textOf)).toEqual(["live", "marker"]);
    } finally {
      await again.close();
    }

    // Where a client cannot set the header, the query parameter does the same.
    const viaQuery = await openEventStream(t, member.cookie, { query: `?lastEventId=${seen?.id}` });
    try {
      expect(textOf(await viaQuery.next())).toBe("missed 1");
    } finally {
      await viaQuery.close();
    }
  });

  it("never sends a reconnecting tab a late event it had before it reconnected", async () => {
    const member = await signUpUser(t);
    const groupId = await createGroup(t, member.id);
    const early = await say(t.bus, groupId, "had it");
    const latest = await say(t.bus, groupId, "had it too");
    // With PostgreSQL an event written earlier can reach an instance after a later one: deliver one again,
    // as such a late notification would, to the stream of a tab that already has both.
    const listeners: EventListener[] = [];
    const subscribe = t.bus.subscribe;
    t.bus.subscribe = (listener, onClose) => {
      listeners.push(listener);
      return subscribe.call(t.bus, listener, onClose);
    };
    const stream = await openEventStream(t, member.cookie, { lastEventId: String(latest.id) });
    t.bus.subscribe = subscribe;
    try {
      for (const listener of listeners) listener(early);
      await mark(t.bus, member.id, "marker");
      expect(textOf(await stream.next())).toBe("marker");
    } finally {
      await stream.close();
    }
  });

  it("never gives a non-member the group's events; a join opens them and a leave closes them", async () => {
    const owner = await signUpUser(t);
    const outsider = await signUpUser(t);
    const groupId = await createGroup(t, owner.id);

    const stream = await openEventStream(t, outsider.cookie);
    try {
      await say(t.bus, groupId, "members only");
      await mark(t.bus, outsider.id, "marker 1");
      expect(textOf(await stream.next())).toBe("marker 1");

      // The group's next message follows the join at once, as the join route publishes it: the stream
      // re-reads membership before it looks at anything that came after the join.
      await t.db.insert(groupMembers).values({ groupId, userId: outsider.id });
      await t.bus.publish({ topic: userTopic(outsider.id), type: "membership", data: { groupId } });
      await say(t.bus, groupId, "welcome");
      const joined = await stream.next();
      expect(joined).toMatchObject({ type: "membership", data: { groupId } });
      expect(textOf(await stream.next())).toBe("welcome");

      await leave(t, groupId, outsider.id);
      await say(t.bus, groupId, "after you left");
      await mark(t.bus, outsider.id, "marker 2");
      expect(await stream.next()).toMatchObject({ type: "membership", data: { groupId } });
      expect(textOf(await stream.next())).toBe("marker 2");
    } finally {
      await stream.close();
    }

    // A replay is limited to the groups the user belongs to now.
    const replay = await openEventStream(t, outsider.cookie, { lastEventId: 0 });
    try {
      const events = await nextEvents(replay, 4);
      expect(events.map((event) => textOf(event) ?? event.type)).toEqual([
        "marker 1",
        "membership",
        "membership",
        "marker 2",
      ]);
      await mark(t.bus, outsider.id, "marker 3");
      expect(textOf(await replay.next())).toBe("marker 3");
    } finally {
      await replay.close();
    }
  });

  it("keeps a quiet stream alive with pings", async () => {
    const user = await signUpUser(t);
    const stream = await openEventStream(t, user.cookie);
    try {
      const block = await stream.sse.nextBlock(3000);
      expect(block).toEqual({ comments: ["ping"] });
    } finally {
      await stream.close();
    }
  });

  it("closes the stream of a tab that stopped reading, rather than holding its events without end", async () => {
    const user = await signUpUser(t);
    const stream = await openEventStream(t, user.cookie);
    // The tab reads nothing while more events come than a stream may hold for it.
    for (let index = 0; index < 1050; index += 1) await mark(t.bus, user.id, `event ${index}`);
    let received = 0;
    let ended = false;
    try {
      while (await stream.next(1000)) received += 1;
    } catch {
      ended = true;
    }
    // Ended by the server (the browser then reconnects and replays from its last id), not by waiting.
    expect(ended || stream.sse.ended).toBe(true);
    expect(received).toBeLessThan(1050);
  }, 60_000);

  it("lets go of the bus when the tab goes away", async () => {
    const user = await signUpUser(t);
    const subscribe = t.bus.subscribe;
    let subscribed = 0;
    t.bus.subscribe = (listener, onClose) => {
      subscribed += 1;
      const unsubscribe = subscribe.call(t.bus, listener, onClose);
      return () => {
        subscribed -= 1;
        unsubscribe();
      };
    };
    try {
      const stream = await openEventStream(t, user.cookie);
      expect(subscribed).toBe(1);
      await stream.close();
      const until = Date.now() + 3000;
      while (subscribed > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(subscribed).toBe(0);
    } finally {
      t.bus.subscribe = subscribe;
    }
  });
});

/** Waits until `check` holds, polling; the server counts a closed stream out a moment after the tab leaves. */
async function until(check: () => Promise<boolean>, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe("how many streams an instance holds", () => {
  it("lets a user's sixth stream replace their oldest, which is told to come back in a minute", async () => {
    const user = await signUpUser(t);
    const streams: EventStream[] = [];
    try {
      for (let index = 0; index < 5; index += 1) streams.push(await openEventStream(t, user.cookie));
      const [oldest, ...others] = streams;
      if (!oldest) throw new Error("no stream");
      streams.push(await openEventStream(t, user.cookie));

      const last = await oldest.sse.nextBlock(3000);
      expect(last).toMatchObject({ event: "replaced", retry: String(RECONNECT_AFTER_REPLACED_MS) });
      expect(JSON.parse(last?.data ?? "{}")).toEqual({
        reason: "too_many_streams",
        retryMs: RECONNECT_AFTER_REPLACED_MS,
      });
      expect(await oldest.sse.nextBlock(3000)).toBeUndefined();
      expect(oldest.sse.ended).toBe(true);

      // The five newest carry on.
      await mark(t.bus, user.id, "still here");
      for (const stream of [...others, streams[5]]) expect(textOf(await stream?.next())).toBe("still here");
    } finally {
      await Promise.all(streams.map((stream) => stream.close()));
    }
  });

  it("gives a user room again once a tab has gone, and never touches another user's streams", async () => {
    const local = await createTestApp({ eventStreamsPerUser: 2 });
    // Streams hold a bus subscription exactly as long as they are counted in.
    let subscribed = 0;
    const subscribe = local.bus.subscribe;
    local.bus.subscribe = (listener, onClose) => {
      subscribed += 1;
      const unsubscribe = subscribe.call(local.bus, listener, onClose);
      return () => {
        subscribed -= 1;
        unsubscribe();
      };
    };
    try {
      const user = await signUpUser(local);
      const neighbour = await signUpUser(local);
      const theirs = await openEventStream(local, neighbour.cookie);
      const first = await openEventStream(local, user.cookie);
      const second = await openEventStream(local, user.cookie);
      await first.close();
      await until(async () => subscribed === 2);
      const third = await openEventStream(local, user.cookie);
      await mark(local.bus, user.id, "both open");
      await mark(local.bus, neighbour.id, "untouched");
      try {
        // The second was not replaced: the first had gone, so the third took its place.
        expect(textOf(await second.next())).toBe("both open");
        expect(textOf(await third.next())).toBe("both open");
        expect(textOf(await theirs.next())).toBe("untouched");
      } finally {
        await Promise.all([second.close(), third.close(), theirs.close()]);
      }
    } finally {
      await local.close();
    }
  }, 60_000);

  it("refuses a stream past EVENT_STREAMS_MAX with a 503, Retry-After and the one error shape", async () => {
    const local = await createTestApp({ eventStreamsMax: 3, eventStreamsPerUser: 2 });
    try {
      const alice = await signUpUser(local);
      const bob = await signUpUser(local);
      const streams = [
        await openEventStream(local, alice.cookie),
        await openEventStream(local, alice.cookie),
        await openEventStream(local, bob.cookie),
      ];
      try {
        const refused = await call(local, "/api/events", { cookie: bob.cookie });
        expect(refused.status).toBe(503);
        expect(refused.headers.get("retry-after")).toBe(String(RETRY_WHEN_FULL_S));
        expect(refused.headers.get("content-type")).toMatch(/^application\/json/);
        expect(refused.data).toEqual({ error: { code: "busy", message: expect.any(String) } });

        // At her own limit, Alice's new tab takes her oldest's place: the instance holds no more than before.
        streams.push(await openEventStream(local, alice.cookie));
        expect((await streams[0]?.sse.nextBlock(3000))?.event).toBe("replaced");

        // Once a stream has ended, there is room for Bob's second.
        await streams[2]?.close();
        let reopened: EventStream | undefined;
        await until(async () => {
          reopened = await openEventStream(local, bob.cookie).catch(() => undefined);
          return reopened !== undefined;
        });
        if (!reopened) throw new Error("no room came free for Bob");
        streams.push(reopened);
      } finally {
        await Promise.all(streams.map((stream) => stream.close()));
      }
    } finally {
      await local.close();
    }
  }, 60_000);

  it("ends a replaced stream at once even while its tab is not reading its replay", async () => {
    const local = await createTestApp({ eventStreamsPerUser: 1 });
    try {
      const user = await signUpUser(local);
      // More than a stream queues for its tab, written at once (the replay reads them from the table).
      await local.db.insert(realtimeEvents).values(
        Array.from({ length: 1200 }, (_, index) => ({
          topic: userTopic(user.id),
          type: "notification",
          payload: { text: `event ${index}` },
        })),
      );
      // Replays from the start and reads nothing: its queue fills and its replay waits for room.
      const stuck = await openEventStream(local, user.cookie, { lastEventId: 0 });
      const fresh = await openEventStream(local, user.cookie);
      try {
        let ended = false;
        const deadline = Date.now() + 5000;
        try {
          while (Date.now() < deadline && !stuck.sse.ended) await stuck.sse.nextBlock(1000);
          ended = stuck.sse.ended;
        } catch {
          ended = true; // cut off: the tab was too far behind to take the hint
        }
        expect(ended).toBe(true);
        await mark(local.bus, user.id, "live");
        expect(textOf(await fresh.next())).toBe("live");
      } finally {
        await Promise.all([stuck.close(), fresh.close()]);
      }
    } finally {
      await local.close();
    }
  }, 60_000);
});

describe("when the server shuts down", () => {
  it("ends every open stream, so that tabs reconnect elsewhere", async () => {
    const local = await createTestApp();
    try {
      const user = await signUpUser(local);
      const stream = await openEventStream(local, user.cookie);
      await local.bus.close();
      expect(await stream.sse.nextBlock(3000)).toBeUndefined();
      expect(stream.sse.ended).toBe(true);
    } finally {
      await local.close();
    }
  });
});

describe("two server instances on one PostgreSQL database", () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await createTestApp({ shareDatabaseWith: t });
  });
  afterAll(async () => {
    await second?.close();
  });

  it("deliver each other's events, each exactly once", async () => {
    const alice = await signUpUser(t);
    const bob = await signUpUser(t);
    const groupId = await createGroup(t, alice.id, [bob.id]);
    const onFirst = await openEventStream(t, alice.cookie);
    const onSecond = await openEventStream(second, bob.cookie);
    try {
      await say(t.bus, groupId, "from the first");
      await say(second.bus, groupId, "from the second");
      await mark(second.bus, alice.id, "for alice");
      await mark(t.bus, bob.id, "for bob");
      expect((await nextEvents(onFirst, 3)).map(textOf)).toEqual([
        "from the first",
        "from the second",
        "for alice",
      ]);
      expect((await nextEvents(onSecond, 3)).map(textOf)).toEqual([
        "from the first",
        "from the second",
        "for bob",
      ]);
      expect(await onFirst.next(300)).toBeUndefined();
      expect(await onSecond.next(300)).toBeUndefined();
    } finally {
      await Promise.all([onFirst.close(), onSecond.close()]);
    }
  });

  it("re-reads membership when the join happened on the other instance", async () => {
    const owner = await signUpUser(t);
    const joiner = await signUpUser(t);
    const groupId = await createGroup(t, owner.id);
    const stream = await openEventStream(t, joiner.cookie);
    try {
      await join(second, groupId, joiner.id);
      await say(second.bus, groupId, "hello from the other side");
      expect(await stream.next()).toMatchObject({ type: "membership", data: { groupId } });
      expect(textOf(await stream.next())).toBe("hello from the other side");
    } finally {
      await stream.close();
    }
  });
});
