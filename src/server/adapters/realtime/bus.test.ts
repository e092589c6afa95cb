import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realtimeEvents } from "../../db/schema";
import { anyPayload } from "../../test/any-payload";
import { createTestApp, type TestApp } from "../../test/harness";
import { createInProcessBus, type EventBus, type RealtimeEvent } from "./bus";
import { channelForSchema, createPostgresBus } from "./postgres";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Collects what a bus delivers to one subscriber. */
function collect(bus: EventBus) {
  const events: RealtimeEvent[] = [];
  const unsubscribe = bus.subscribe((event) => events.push(event));
  return {
    events,
    unsubscribe,
    /** Waits until `count` events have arrived (or the timeout passes) and returns them all. */
    async waitFor(count: number, timeoutMs = 3000) {
      const until = Date.now() + timeoutMs;
      while (events.length < count && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return events;
    },
  };
}

/** A topic no other test in this file uses. */
let topicCounter = 0;
const freshTopic = () => `group:bus-test-${Date.now()}-${++topicCounter}`;

describe("the bus this test database gets", () => {
  it("is LISTEN/NOTIFY on PostgreSQL, the embedded one included", () => {
    expect(t.bus.kind).toBe("postgres");
  });

  it("stores each event and delivers it once to every subscriber, in order", async () => {
    const topic = freshTopic();
    const a = collect(t.bus);
    const b = collect(t.bus);
    try {
      const published = [];
      for (const n of [1, 2, 3])
        published.push(await t.bus.publish(anyPayload({ topic, type: "group_message", data: { n } })));
      expect(published.map((event) => event.id)).toEqual(
        [...published.map((event) => event.id)].sort((x, y) => x - y),
      );
      expect(published[0]).toMatchObject({ topic, type: "group_message", data: { n: 1 } });
      expect(Number.isNaN(Date.parse(published[0]?.createdAt ?? ""))).toBe(false);
      for (const subscriber of [a, b]) {
        const mine = (await subscriber.waitFor(3)).filter((event) => event.topic === topic);
        expect(mine).toEqual(published);
      }
      // Nothing arrives a second time.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(a.events.filter((event) => event.topic === topic)).toHaveLength(3);
    } finally {
      a.unsubscribe();
      b.unsubscribe();
    }
  });

  it("replays the stored events of the given topics after an id, oldest first, within a limit", async () => {
    const mine = freshTopic();
    const other = freshTopic();
    const first = await t.bus.publish(anyPayload({ topic: mine, type: "group_message", data: { n: 1 } }));
    await t.bus.publish(anyPayload({ topic: other, type: "group_message", data: { n: 2 } }));
    const third = await t.bus.publish(anyPayload({ topic: mine, type: "group_message", data: { n: 3 } }));
    const fourth = await t.bus.publish(anyPayload({ topic: mine, type: "group_message", data: { n: 4 } }));
    expect(await t.bus.since(first.id - 1, [mine])).toEqual([first, third, fourth]);
    expect(await t.bus.since(first.id, [mine], 1)).toEqual([third]);
    expect((await t.bus.since(first.id - 1, [mine, other])).map((event) => event.data)).toEqual([
      { n: 1 },
      { n: 2 },
      { n: 3 },
      { n: 4 },
    ]);
    expect(await t.bus.since(0, [])).toEqual([]);
  });

  it("purges events older than asked, and keeps the rest", async () => {
    const topic = freshTopic();
    const old = await t.bus.publish(anyPayload({ topic, type: "notification", data: {} }));
    const recent = await t.bus.publish(anyPayload({ topic, type: "notification", data: {} }));
    await t.db.execute(
      sql`update ${realtimeEvents} set created_at = now() - interval '2 hours' where id = ${old.id}`,
    );
    await t.bus.purgeOlderThan(60 * 60_000);
    expect(await t.bus.since(0, [topic])).toEqual([recent]);
  });

  it("keeps delivering to the others when one subscriber throws", async () => {
    const topic = freshTopic();
    const unsubscribe = t.bus.subscribe(() => {
      throw new Error("a broken listener");
    });
    const healthy = collect(t.bus);
    try {
      await t.bus.publish(anyPayload({ topic, type: "notification", data: {} }));
      expect((await healthy.waitFor(1)).filter((event) => event.topic === topic)).toHaveLength(1);
    } finally {
      unsubscribe();
      healthy.unsubscribe();
    }
  });
});

describe("the in-process bus", () => {
  it("ends its subscriptions when closed and delivers nothing after", async () => {
    const bus = createInProcessBus({ db: t.db });
    const events: RealtimeEvent[] = [];
    let closed = 0;
    bus.subscribe(
      (event) => events.push(event),
      () => {
        closed += 1;
      },
    );
    await bus.close();
    await bus.close();
    expect(closed).toBe(1);
    await bus.publish(anyPayload({ topic: freshTopic(), type: "notification", data: {} }));
    expect(events).toEqual([]);
  });
});

describe("the PostgreSQL bus", () => {
  const buses: EventBus[] = [];
  const open = async (options: { reconnectDelayMs?: { min: number; max: number } } = {}) => {
    // The test file's own database: NOTIFY reaches only listeners on the same database.
    const url = t.database.url ?? "";
    const bus = await createPostgresBus({ db: t.db, url, searchPath: t.searchPath, ...options });
    buses.push(bus);
    return bus;
  };
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
  });

  it("names its channel after the schema, so parallel test schemas never hear each other", () => {
    expect(channelForSchema("public")).toBe("lamplight_events");
    expect(channelForSchema("test_abc")).toBe("lamplight_events_test_abc");
    expect(Buffer.byteLength(channelForSchema("s".repeat(80)))).toBeLessThanOrEqual(63);
  });

  it("delivers what one instance publishes to every instance, the publisher included, once each", async () => {
    const other = await open();
    const topic = freshTopic();
    const here = collect(t.bus);
    const there = collect(other);
    try {
      const published = [
        await t.bus.publish(anyPayload({ topic, type: "group_message", data: { from: "here" } })),
        await other.publish(anyPayload({ topic, type: "group_message", data: { from: "there" } })),
      ];
      for (const subscriber of [here, there]) {
        await subscriber.waitFor(2);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(subscriber.events.filter((event) => event.topic === topic)).toEqual(published);
      }
    } finally {
      here.unsubscribe();
      there.unsubscribe();
    }
  });

  it("delivers an event too big for NOTIFY by reading it back", async () => {
    const other = await open();
    const topic = freshTopic();
    const there = collect(other);
    try {
      const text = "In the beginning ".repeat(1000);
      const published = await t.bus.publish(anyPayload({ topic, type: "group_message", data: { text } }));
      const [event] = (await there.waitFor(1)).filter((each) => each.topic === topic);
      expect(event).toEqual(published);
    } finally {
      there.unsubscribe();
    }
  });

  it("does not hear another schema's events", async () => {
    const elsewhere = await createTestApp();
    try {
      const topic = freshTopic();
      const here = collect(t.bus);
      await elsewhere.bus.publish(anyPayload({ topic, type: "group_message", data: {} }));
      const marker = await t.bus.publish(anyPayload({ topic: freshTopic(), type: "notification", data: {} }));
      await here.waitFor(1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      here.unsubscribe();
      expect(here.events.map((event) => event.id)).toEqual([marker.id]);
    } finally {
      await elsewhere.close();
    }
  });

  it("reconnects after losing its LISTEN connection and delivers what it missed, once", async () => {
    const admin = new pg.Client({ connectionString: t.database.url });
    await admin.connect();
    try {
      const channel = channelForSchema(t.searchPath ?? "public");
      const listeners = async () =>
        (
          await admin.query<{ pid: number }>(
            // Other files' databases have listeners on the same channel name.
            "select pid from pg_stat_activity where application_name = 'lamplight-realtime' and query = $1 and datname = current_database()",
            [`LISTEN "${channel}"`],
          )
        ).rows.map((row) => row.pid);
      const before = new Set(await listeners());
      const bus = await open({ reconnectDelayMs: { min: 300, max: 1000 } });
      const pid = (await listeners()).find((each) => !before.has(each));
      expect(pid).toBeDefined();

      const topic = freshTopic();
      const heard = collect(bus);
      const first = await t.bus.publish(anyPayload({ topic, type: "group_message", data: { n: 1 } }));
      await heard.waitFor(1);

      await admin.query("select pg_terminate_backend($1)", [pid]);
      // Published while the connection is down (or coming back): only the catch-up can deliver these.
      const missed = [
        await t.bus.publish(anyPayload({ topic, type: "group_message", data: { n: 2 } })),
        await t.bus.publish(anyPayload({ topic, type: "group_message", data: { n: 3 } })),
      ];
      await heard.waitFor(3, 5000);
      const after = await t.bus.publish(anyPayload({ topic, type: "group_message", data: { n: 4 } }));
      await heard.waitFor(4, 5000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard.events.filter((event) => event.topic === topic)).toEqual([first, ...missed, after]);
      expect((await listeners()).filter((each) => !before.has(each) && each !== pid)).toHaveLength(1);
    } finally {
      await admin.end();
    }
  });

  it("ends its subscriptions when closed", async () => {
    const bus = await open();
    let closed = false;
    bus.subscribe(
      () => {},
      () => {
        closed = true;
      },
    );
    await bus.close();
    expect(closed).toBe(true);
  });
});
