import { Hono } from "hono";
import { REALTIME_RETRY_MS, type RealtimeEnvelope, userTopic } from "../../../core/realtime";
import type { RealtimeEvent } from "../../adapters/realtime/bus";
import { requireUser } from "../../auth/session";
import type { AppEnv } from "../../http/app-env";
import { whenClientGone } from "../../http/client-gone";
import { AppError } from "../../http/errors";
import { watchOpenEventStreams } from "../../http/metrics";
import { setEventStreamHeaders, sseBody } from "../../http/sse";
import { createOpenStreams, DEFAULT_EVENT_STREAMS_MAX, DEFAULT_EVENT_STREAMS_PER_USER } from "./open-streams";
import { topicsOfUser } from "./service";

/** Keeps proxies and load balancers from closing a quiet stream. */
export const EVENTS_PING_INTERVAL_MS = 15_000;
/** A reconnecting tab is given what it missed in pages of this size. */
const REPLAY_PAGE = 500;
/**
 * A tab that stops reading (a frozen or very slow connection) must not hold events without end: past
 * this many events waiting to be sent, or frames waiting for its socket, its stream is closed, and the
 * browser reconnects and replays from its last id.
 */
const MAX_WAITING_EVENTS = 1000;
const FELL_BEHIND = "realtime stream fell behind";
/** When an instance stops, its tabs come back this soon, to another instance behind the load balancer. */
export const RECONNECT_AFTER_SHUTDOWN_MS = 500;
/**
 * A stream replaced by a newer one of the same user (past EVENT_STREAMS_PER_USER) tells its tab to come back
 * only this much later. The browser's EventSource obeys the `retry:` hint by itself, so the web client needs no
 * change: with more tabs than the limit they take turns, one reconnect a minute for each tab past it, not a
 * reconnect loop; nothing is lost meanwhile, as the tab replays from its Last-Event-ID when it comes back.
 */
export const RECONNECT_AFTER_REPLACED_MS = 60_000;
/**
 * The last frame of a replaced stream: a named event (an EventSource's `onmessage` never sees it; a client may
 * listen for `replaced`) and the long retry hint.
 */
const REPLACED_FRAME = `event: replaced\ndata: ${JSON.stringify({ reason: "too_many_streams", retryMs: RECONNECT_AFTER_REPLACED_MS })}\nretry: ${RECONNECT_AFTER_REPLACED_MS}\n\n`;
/** When the instance holds EVENT_STREAMS_MAX streams, a new one is refused with this Retry-After (seconds). */
export const RETRY_WHEN_FULL_S = 30;

/** The id the browser last saw: the Last-Event-ID header, or `?lastEventId=` where headers cannot be set. */
function readLastEventId(header: string | undefined, query: string | undefined): number | undefined {
  const raw = (header ?? query)?.trim();
  // Anything else did not come from us; the stream then starts from now.
  if (!raw || !/^\d{1,15}$/.test(raw)) return undefined;
  return Number(raw);
}

const toEnvelope = (event: RealtimeEvent): RealtimeEnvelope => ({
  id: event.id,
  topic: event.topic,
  type: event.type,
  data: event.data,
  createdAt: event.createdAt,
});

const encoder = new TextEncoder();
/** One event's SSE frame, built once however many streams carry it (a group's message goes to every tab). */
const frames = new WeakMap<RealtimeEvent, Uint8Array>();

/**
 * The bytes of an event's frame with `id:` set to `cursor`, which is the event's own id unless a replay has
 * already sent a later one. The envelope is JSON, so it has no line break for the SSE framing to split.
 */
function frameOf(event: RealtimeEvent, cursor: number): Uint8Array {
  const build = () => encoder.encode(`data: ${JSON.stringify(toEnvelope(event))}\nid: ${cursor}\n\n`);
  if (cursor !== event.id) return build();
  let frame = frames.get(event);
  if (!frame) {
    frame = build();
    frames.set(event, frame);
  }
  return frame;
}

export function eventRoutes() {
  /** This instance's open streams (each createApp has its own). */
  const openStreams = createOpenStreams();
  watchOpenEventStreams(() => openStreams.count);
  /** Refusals are logged at most once a minute, with their count: a flood of them must not flood the log. */
  let refusedUnlogged = 0;
  let refusalLoggedAt = Number.NEGATIVE_INFINITY;
  return new Hono<AppEnv>().use(requireUser).get("/", async (c) => {
    const { db, bus, logger, config } = c.var.deps;
    const userId = c.var.user.id;
    const ownTopic = userTopic(userId);
    // A child whose parent switched groups off hears none of their groups' chat and feed.
    const groupSwitch = { groups: c.var.user.permissions?.groups !== false };
    const pingMs = config.realtimePingMs ?? EVENTS_PING_INTERVAL_MS;
    const lastEventId = readLastEventId(c.req.header("last-event-id"), c.req.query("lastEventId"));

    let ended = false;
    let wake: (() => void) | undefined;
    const end = () => {
      ended = true;
      wake?.();
    };
    /** Set once a newer stream of the same user has taken this one's place. */
    let replaced = false;
    let replaceStream: (() => void) | undefined;
    // Counted in before anything is awaited, so that streams opened in parallel meet the limits one by one.
    const leave = openStreams.admit(
      userId,
      {
        perUser: config.eventStreamsPerUser ?? DEFAULT_EVENT_STREAMS_PER_USER,
        total: config.eventStreamsMax ?? DEFAULT_EVENT_STREAMS_MAX,
      },
      () => {
        replaced = true;
        end();
        replaceStream?.();
      },
    );
    if (!leave) {
      refusedUnlogged += 1;
      if (Date.now() - refusalLoggedAt >= 60_000) {
        logger.warn(
          { open: openStreams.count, refused: refusedUnlogged },
          "event streams at EVENT_STREAMS_MAX; refusing new ones",
        );
        refusalLoggedAt = Date.now();
        refusedUnlogged = 0;
      }
      c.header("Retry-After", String(RETRY_WHEN_FULL_S));
      throw new AppError("busy", 503, "Lamplight is very busy right now. Please try again in a moment.");
    }
    let allowed: Set<string>;
    try {
      // Read before the stream starts, so that a failure is an ordinary JSON error.
      allowed = await topicsOfUser(db, userId, groupSwitch);
    } catch (error) {
      leave();
      throw error;
    }
    setEventStreamHeaders(c);
    // A stream's connection carries that stream only: when the stream ends (replaced, fallen behind, shutdown)
    // the socket is closed with it rather than kept idle, so ended streams hold no file handle.
    c.header("Connection", "close");

    const stream = sseBody(end, MAX_WAITING_EVENTS);
    replaceStream = () => {
      // A tab too far behind to take even this frame (one not reading its replay) is cut off at once.
      if (stream.write(REPLACED_FRAME)) stream.close();
      else stream.abort(FELL_BEHIND);
    };
    // Replaced while its groups were being read: it starts and ends with the hint.
    if (replaced) replaceStream();
    const run = async () => {
      const waiting: RealtimeEvent[] = [];
      /** Membership changes not yet re-read: until they are, any event may belong to a group just joined. */
      let membershipChanges = 0;
      const isMembershipChange = (event: RealtimeEvent) =>
        event.topic === ownTopic && event.type === "membership";

      /** What the replay sent; the same events may still come from the bus, late. */
      const replayed = new Set<number>();
      /** The tab had everything up to its Last-Event-ID, and the replay sent the rest: neither is news. */
      const alreadySent = (event: RealtimeEvent) =>
        replayed.has(event.id) || (lastEventId !== undefined && event.id <= lastEventId);
      /** Set once the replay is done: from then on an event may go out as it arrives. */
      let live = false;

      // Subscribed before the replay is read, so nothing falls between the two; repeats are dropped below.
      const unsubscribe = bus.subscribe((event) => {
        if (ended) return;
        const membership = isMembershipChange(event);
        // Live, with nothing waiting before it: an event of the tab's groups is written at once. A group's chat
        // message goes to every member's tabs in one turn of the event loop, rather than each tab waiting for a
        // turn of its loop below (with a thousand tabs, the last waited for all the others' turns).
        if (live && !membership && membershipChanges === 0 && waiting.length === 0) {
          if (allowed.has(event.topic) && !alreadySent(event)) send(event);
          return;
        }
        if (!membership && membershipChanges === 0 && !allowed.has(event.topic)) return;
        if (membership) membershipChanges += 1;
        waiting.push(event);
        if (waiting.length > MAX_WAITING_EVENTS) {
          logger.warn({ userId }, "realtime stream fell behind; closing it so the tab replays");
          stream.abort(FELL_BEHIND);
          end();
        }
        wake?.();
      }, end);
      const releaseRequest = whenClientGone(c.req.raw, end);
      const shutdown = c.var.deps.shutdown;
      shutdown?.addEventListener("abort", end, { once: true });
      if (shutdown?.aborted) end();

      /** Never lower than an id already sent, so a reconnect never replays what the tab has. */
      let cursor = lastEventId ?? 0;
      const send = (event: RealtimeEvent) => {
        cursor = Math.max(cursor, event.id);
        if (stream.write(frameOf(event, cursor))) return;
        logger.warn({ userId }, "realtime stream fell behind; closing it so the tab replays");
        stream.abort(FELL_BEHIND);
        end();
      };
      /** Resolves true when an event is waiting, false when the stream has been quiet for a ping interval. */
      const nextEvent = () =>
        new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => {
            wake = undefined;
            resolve(false);
          }, pingMs);
          wake = () => {
            clearTimeout(timer);
            wake = undefined;
            resolve(true);
          };
        });

      try {
        // The browser waits this long before reconnecting; the first bytes also tell a client it is live.
        stream.write(`retry: ${REALTIME_RETRY_MS}\n\n`);
        if (lastEventId !== undefined) {
          let after = lastEventId;
          while (!ended) {
            const events = await bus.since(after, [...allowed], REPLAY_PAGE);
            for (const event of events) {
              await stream.whenRoom();
              if (ended) break;
              replayed.add(event.id);
              send(event);
            }
            const last = events.at(-1);
            if (!last || events.length < REPLAY_PAGE) break;
            after = last.id;
          }
        }
        live = true;
        while (!ended) {
          const event = waiting.shift();
          if (!event) {
            if (!(await nextEvent()) && !ended) stream.write(": ping\n\n");
            continue;
          }
          // A late event below the Last-Event-ID (PostgreSQL may deliver an earlier write after a later one) is
          // not news, and replayed ones are sent already.
          if (alreadySent(event)) continue;
          if (isMembershipChange(event)) {
            try {
              allowed = await topicsOfUser(db, userId, groupSwitch);
            } finally {
              membershipChanges -= 1;
            }
            send(event);
          } else if (allowed.has(event.topic)) {
            send(event);
          }
        }
        // The server is stopping: the browser reconnects soon, with its Last-Event-ID, and misses nothing.
        if (shutdown?.aborted) stream.write(`retry: ${RECONNECT_AFTER_SHUTDOWN_MS}\n\n`);
      } catch (error) {
        // The tab reconnects and replays from its last id.
        logger.warn({ err: error, userId }, "realtime stream failed");
      } finally {
        ended = true;
        leave();
        unsubscribe();
        shutdown?.removeEventListener("abort", end);
        releaseRequest();
        stream.close();
      }
    };
    run();
    return c.body(stream.body);
  });
}
