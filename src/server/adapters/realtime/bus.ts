import { and, asc, gt, inArray, lt } from "drizzle-orm";
import type { Logger } from "pino";
import type { RealtimeEventOf } from "../../../core/events";
import type { Database } from "../../db/client";
import { realtimeEvents } from "../../db/schema";

/** One stored event; its id (from the table) orders events and is the SSE id a browser reconnects with. */
export type RealtimeEvent = { id: number; topic: string; type: string; data: unknown; createdAt: string };

/** An event of the catalogue (src/core/events.ts): its data must have its type's shape, or it does not compile. */
export type EventToPublish = RealtimeEventOf;

export type EventListener = (event: RealtimeEvent) => void;

/**
 * Carries events to every subscriber of every server instance on the database, each exactly once.
 * In-process with PGlite (one process owns the database); PostgreSQL LISTEN/NOTIFY otherwise.
 */
export interface EventBus {
  kind: "in-process" | "postgres";
  /** Stores the event (data must be JSON; none is stored as `{}`), then delivers it; resolves once stored. */
  publish(event: EventToPublish): Promise<RealtimeEvent>;
  /** Every event, in the order this instance receives it; `onClose` runs when the bus closes. */
  subscribe(listener: EventListener, onClose?: () => void): () => void;
  /** Stored events of these topics after `lastId`, oldest first (a reconnecting tab's replay). */
  since(lastId: number, topics: string[], limit?: number): Promise<RealtimeEvent[]>;
  /** Drops events older than `ms`; called periodically by the server. */
  purgeOlderThan(ms: number): Promise<void>;
  /** Stops delivering and ends every subscription (their `onClose` runs). Safe to call more than once. */
  close(): Promise<void>;
}

/** How long events stay replayable; main.ts purges older ones hourly, so they live one to two hours. */
export const REALTIME_RETENTION_MS = 60 * 60_000;

const DEFAULT_REPLAY_LIMIT = 500;

type EventRow = typeof realtimeEvents.$inferSelect;

export function toRealtimeEvent(row: EventRow): RealtimeEvent {
  return {
    id: row.id,
    topic: row.topic,
    type: row.type,
    data: row.payload,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The stored events after `lastId`, of the given topics (all topics when null), oldest first. */
export async function readEventsAfter(
  db: Database,
  lastId: number,
  topics: string[] | null,
  limit = DEFAULT_REPLAY_LIMIT,
): Promise<RealtimeEvent[]> {
  if (topics?.length === 0) return [];
  const after = gt(realtimeEvents.id, lastId);
  const rows = await db
    .select()
    .from(realtimeEvents)
    .where(topics ? and(after, inArray(realtimeEvents.topic, topics)) : after)
    .orderBy(asc(realtimeEvents.id))
    .limit(limit);
  return rows.map(toRealtimeEvent);
}

export async function purgeEventsOlderThan(db: Database, ms: number): Promise<void> {
  await db.delete(realtimeEvents).where(lt(realtimeEvents.createdAt, new Date(Date.now() - ms)));
}

/** The local subscribers of one bus: a failing listener neither stops the others nor the bus. */
export function createSubscribers(logger?: Logger) {
  const listeners = new Map<EventListener, (() => void) | undefined>();
  return {
    add(listener: EventListener, onClose?: () => void): () => void {
      // The same function subscribed twice is still two subscriptions.
      const own: EventListener = (event) => listener(event);
      listeners.set(own, onClose);
      return () => {
        listeners.delete(own);
      };
    },
    deliver(event: RealtimeEvent) {
      for (const listener of listeners.keys()) {
        try {
          listener(event);
        } catch (error) {
          logger?.warn({ err: error, eventId: event.id }, "realtime listener failed");
        }
      }
    },
    closeAll() {
      const closers = [...listeners.values()];
      listeners.clear();
      for (const onClose of closers) {
        try {
          onClose?.();
        } catch (error) {
          logger?.warn({ err: error }, "realtime subscriber failed to close");
        }
      }
    },
    get size() {
      return listeners.size;
    },
  };
}

/** The embedded bus: the one process that owns the PGlite database delivers to its own subscribers. */
export function createInProcessBus(options: { db: Database; logger?: Logger }): EventBus {
  const { db } = options;
  const subscribers = createSubscribers(options.logger);
  let closed = false;
  return {
    kind: "in-process",
    async publish({ topic, type, data }) {
      const [row] = await db
        .insert(realtimeEvents)
        .values({ topic, type, payload: data ?? {} })
        .returning();
      if (!row) throw new Error("realtime event was not stored");
      const event = toRealtimeEvent(row);
      if (!closed) subscribers.deliver(event);
      return event;
    },
    subscribe: (listener, onClose) => subscribers.add(listener, onClose),
    since: (lastId, topics, limit) => readEventsAfter(db, lastId, topics, limit),
    purgeOlderThan: (ms) => purgeEventsOlderThan(db, ms),
    async close() {
      closed = true;
      subscribers.closeAll();
    },
  };
}
