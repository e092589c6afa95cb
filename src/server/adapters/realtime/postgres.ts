import { createHash } from "node:crypto";
import { eq, max, sql } from "drizzle-orm";
import pg from "pg";
import type { Logger } from "pino";
import type { Database } from "../../db/client";
import { sqlRows } from "../../db/prepared";
import { realtimeEvents } from "../../db/schema";
import {
  createSubscribers,
  type EventBus,
  purgeEventsOlderThan,
  type RealtimeEvent,
  readEventsAfter,
  toRealtimeEvent,
} from "./bus";

// Every instance publishes by storing the event and sending NOTIFY in the same transaction, and
// delivers only what its own LISTEN connection hears, so the publishing instance is no different from
// the others and each of them delivers each event once.

/** NOTIFY refuses payloads of 8000 bytes or more; bigger events travel as their id and are read back. */
const MAX_NOTIFY_BYTES = 7900;
/** The form of Date's toISOString, as the events read back (toRealtimeEvent) give their time. */
const ISO_MILLISECONDS = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';
/** Ids delivered lately, to drop a notification that a catch-up already delivered (or the reverse). */
const REMEMBERED_IDS = 10_000;
/**
 * Ids are taken at insert but notifications arrive at commit, so a lower id can commit just after a
 * higher one; a catch-up looks back this many ids behind the last one seen (the remembered ids drop repeats).
 */
const CATCH_UP_LOOKBACK = 100;
const CATCH_UP_PAGE = 500;

export type PostgresBusOptions = {
  db: Database;
  /** The same database the app uses. */
  url: string;
  /** The app's search_path (tests isolate each file in a schema); the channel is named after it. */
  searchPath?: string;
  logger?: Logger;
  /** Backoff of the LISTEN connection's reconnects: doubles from `min` up to `max` (ms). */
  reconnectDelayMs?: { min: number; max: number };
};

type Notice = { id: number } & Partial<Omit<RealtimeEvent, "id">>;

/**
 * The channel of one schema: instances on one database but different schemas (parallel test files)
 * never hear each other. Channel names are identifiers, so at most 63 bytes.
 */
export function channelForSchema(schema: string): string {
  const channel = schema === "public" ? "lamplight_events" : `lamplight_events_${schema}`;
  if (Buffer.byteLength(channel) <= 63) return channel;
  return `lamplight_events_${createHash("sha256").update(schema).digest("hex").slice(0, 40)}`;
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function createPostgresBus(options: PostgresBusOptions): Promise<EventBus> {
  const { db, url, searchPath, logger } = options;
  // Capped at 5 s, so that realtime is back within seconds of the database (issue 7: 10 s).
  const backoff = options.reconnectDelayMs ?? { min: 500, max: 5_000 };
  const subscribers = createSubscribers(logger);
  const remembered = new Set<number>();
  let channel = "";
  let lastSeenId = 0;
  /** Catch-ups never reach below this: events from before the bus started are not ours to deliver. */
  let floorId = 0;
  let listener: pg.Client | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let attempt = 0;
  let closed = false;

  // Deliveries run one after another, in the order notifications (and catch-ups) arrive.
  let chain: Promise<void> = Promise.resolve();
  const enqueue = (task: () => Promise<void> | void) => {
    chain = chain.then(task).catch((error: unknown) => {
      logger?.warn({ err: error }, "realtime delivery failed");
    });
  };

  const deliver = (event: RealtimeEvent) => {
    if (closed || remembered.has(event.id)) return;
    remembered.add(event.id);
    if (remembered.size > REMEMBERED_IDS) {
      const oldest = remembered.values().next().value;
      if (oldest !== undefined) remembered.delete(oldest);
    }
    lastSeenId = Math.max(lastSeenId, event.id);
    subscribers.deliver(event);
  };

  const readEvent = async (id: number): Promise<RealtimeEvent | undefined> => {
    const [row] = await db.select().from(realtimeEvents).where(eq(realtimeEvents.id, id));
    return row ? toRealtimeEvent(row) : undefined;
  };

  const onNotice = (payload: string | undefined) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload ?? "");
    } catch {
      return;
    }
    // Only this bus notifies on its channel, but a stray `NOTIFY` by hand must not break delivery.
    if (typeof parsed !== "object" || parsed === null || !("id" in parsed) || typeof parsed.id !== "number")
      return;
    const notice = parsed as Notice;
    enqueue(async () => {
      if (remembered.has(notice.id)) return;
      const { id, topic, type, createdAt } = notice;
      if (topic !== undefined && type !== undefined && createdAt !== undefined && "data" in notice) {
        deliver({ id, topic, type, data: notice.data, createdAt });
      } else {
        const event = await readEvent(id);
        if (event) deliver(event);
      }
    });
  };

  /** Delivers what was stored while the LISTEN connection was down. */
  const catchUp = async () => {
    let after = Math.max(floorId, lastSeenId - CATCH_UP_LOOKBACK);
    for (;;) {
      const events = await readEventsAfter(db, after, null, CATCH_UP_PAGE);
      for (const event of events) deliver(event);
      const last = events.at(-1);
      if (!last || events.length < CATCH_UP_PAGE) return;
      after = last.id;
    }
  };

  const connect = async (isReconnect: boolean) => {
    const client = new pg.Client({
      connectionString: url,
      options: searchPath ? `-c search_path=${searchPath}` : undefined,
      application_name: "lamplight-realtime",
    });
    let alive = true;
    let established = false;
    const lost = () => {
      if (!alive) return;
      alive = false;
      if (listener === client) listener = undefined;
      client.end().catch(() => {});
      if (established && !closed) {
        logger?.warn("realtime LISTEN connection lost; reconnecting");
        scheduleReconnect();
      }
    };
    client.on("error", lost);
    client.on("end", lost);
    client.on("notification", (message) => {
      if (alive && !closed && message.channel === channel) onNotice(message.payload);
    });
    try {
      await client.connect();
      if (!channel) {
        const result = await client.query<{ schema: string }>("select current_schema() as schema");
        channel = channelForSchema(result.rows[0]?.schema ?? "public");
      }
      if (closed) throw new Error("realtime bus closed");
      listener = client;
      const listening = client.query(`LISTEN ${quoteIdentifier(channel)}`);
      // Queued before any notification of this connection can be, so the catch-up comes first.
      if (isReconnect) enqueue(() => listening.then(catchUp, () => {}));
      await listening;
      if (!isReconnect) {
        // After LISTEN, so that nothing falls between the floor and the first notification.
        const [row] = await db.select({ max: max(realtimeEvents.id) }).from(realtimeEvents);
        floorId = Number(row?.max ?? 0);
        lastSeenId = Math.max(lastSeenId, floorId);
      }
      if (closed || !alive) throw new Error("realtime LISTEN connection closed while starting");
      established = true;
    } catch (error) {
      lost();
      throw error;
    }
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    const delay = Math.min(backoff.max, backoff.min * 2 ** attempt) * (0.75 + Math.random() * 0.25);
    attempt += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect(true).then(
        () => {
          attempt = 0;
          logger?.info("realtime LISTEN connection restored");
        },
        (error: unknown) => {
          if (closed) return;
          logger?.warn({ err: error, attempt }, "realtime LISTEN reconnect failed");
          scheduleReconnect();
        },
      );
    }, delay);
    reconnectTimer.unref();
  };

  await connect(false);

  return {
    kind: "postgres",
    async publish({ topic, type, data }) {
      // One statement, committed as a whole: the row and its NOTIFY go together or not at all, as in a transaction
      // of their own, in one round trip rather than four (begin, insert, notify, commit) before anyone hears of a
      // chat message. The event is written as JSON once, by the database, and it is the same text that the
      // listeners read; an event too big for NOTIFY travels as its id and is read back (readEvent).
      const [row] = await sqlRows<{ event: string }>(
        db,
        sql`
        with stored as (
          insert into ${realtimeEvents} (topic, type, payload)
          values (${topic}, ${type}, ${JSON.stringify(data ?? {})}::jsonb)
          returning id, topic, type, payload, created_at
        ), notice as (
          select json_build_object(
            'id', id, 'topic', topic, 'type', type, 'data', payload,
            'createdAt', to_char(created_at at time zone 'UTC', ${ISO_MILLISECONDS})
          )::text as event, id
          from stored
        )
        select event, pg_notify(
          ${channel},
          case when octet_length(event) > ${MAX_NOTIFY_BYTES} then json_build_object('id', id)::text else event end
        )
        from notice`,
      );
      if (!row) throw new Error("realtime event was not stored");
      return JSON.parse(row.event) as RealtimeEvent;
    },
    subscribe: (listen, onClose) => subscribers.add(listen, onClose),
    since: (lastId, topics, limit) => readEventsAfter(db, lastId, topics, limit),
    purgeOlderThan: (ms) => purgeEventsOlderThan(db, ms),
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(reconnectTimer);
      const client = listener;
      listener = undefined;
      subscribers.closeAll();
      await client?.end().catch(() => {});
      await chain;
    },
  };
}
