// The realtime channel (`GET /api/events`): one SSE stream per signed-in tab. Each event is one `data:`
// line holding the envelope below as JSON; its SSE `id:` is the event id, which the browser sends back
// as Last-Event-ID when it reconnects. Keep-alive pings are SSE comments and reach no handler.

/** The kinds of event features publish; the shape of each one's `data` is in the catalogue, src/core/events.ts. */
export const REALTIME_EVENT_TYPES = [
  /** A chat message in a group (topic `group:{id}`). */
  "group_message",
  /** The user joined or left a group (topic `user:{id}`, data `{ groupId }`); the stream re-reads membership. */
  "membership",
  /** A new post in a group's feed, as other members see it: pending media comes without its URL. */
  "post_created",
  /** A post changed: pinned or unpinned, its reactions, or its media approved or rejected (PostUpdate). */
  "post_updated",
  /** A post was deleted. */
  "post_deleted",
  /** A comment on a post. */
  "comment_created",
  /** A notification for the user (topic `user:{id}`). */
  "notification",
] as const;

export type RealtimeEventType = (typeof REALTIME_EVENT_TYPES)[number];

/** What a browser receives for every event. */
export type RealtimeEnvelope = {
  id: number;
  topic: string;
  type: string;
  data: unknown;
  createdAt: string;
};

/**
 * An event's envelope as it arrived on the stream, or null when it is not one. Checked by hand, not with zod:
 * the stream opens on every signed-in page, and zod (27 KB gzip) is better left until a handler reads an
 * event's data with the catalogue's schemas (src/core/events.ts), which most pages never do.
 */
export function readRealtimeEnvelope(json: unknown): RealtimeEnvelope | null {
  if (typeof json !== "object" || json === null) return null;
  const { id, topic, type, data, createdAt } = json as Record<string, unknown>;
  if (typeof id !== "number" || !Number.isInteger(id) || id <= 0) return null;
  if (typeof topic !== "string" || typeof type !== "string" || typeof createdAt !== "string") return null;
  return { id, topic, type, data, createdAt };
}

/** A user's own topic: their notifications and membership changes. */
export const userTopic = (userId: string) => `user:${userId}`;
/** A group's topic: only its members' streams carry it. */
export const groupTopic = (groupId: string) => `group:${groupId}`;

/** How long a browser waits before reconnecting a dropped stream (the SSE `retry:` hint). */
export const REALTIME_RETRY_MS = 3000;
