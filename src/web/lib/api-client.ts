import { hc } from "hono/client";
import { MESSAGES } from "../../core/messages";
import type { ApiType } from "../../server/app";

/**
 * The reader's day goes with every write (a layer read, a check answered, a verse practised count towards their
 * streak and daily goal by their own calendar) and with the reads that show it: the offset from UTC, which the
 * browser gives at no cost. Not the zone's name: its first look starts the browser's whole Intl machinery, a pause
 * of a tenth of a second or more on a phone, on every page load or on the first tap that writes.
 */
export function readerDayHeaders(): Record<string, string> {
  return { "x-utc-offset": String(new Date().getTimezoneOffset()) };
}

/**
 * The zone's name, for the few settings the server keeps by it (the quiet hours of push notifications, a
 * leader's Monday summary): a night or a Monday needs the zone's rules, not only today's offset.
 */
export function timeZoneHeaders(): Record<string, string> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return timeZone ? { "x-time-zone": timeZone } : {};
}

/** Reads go as they are; writes carry the reader's day (readerDayHeaders), read per request. */
function withApiHeaders(init: RequestInit = {}): RequestInit {
  const method = init.method?.toUpperCase() ?? "GET";
  if (method === "GET" || method === "HEAD") return init;
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(readerDayHeaders())) headers.set(name, value);
  return { ...init, headers };
}

/** The typed client for our API; every call in src/web/features/<name>/api goes through it. */
export const api = hc<ApiType>("/api", {
  // The global fetch at the time of the call, which tests replace.
  fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, withApiHeaders(init)),
  init: { credentials: "same-origin" },
});

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

type ErrorPayload = { error?: { code?: string; message?: string }; code?: string; message?: string };

/**
 * Returns the JSON of a successful response, or throws an ApiError carrying the server's message: ours
 * (`{ error: { message } }`) or Better Auth's (`{ message }`), else 'Something went wrong'.
 */
export async function unwrap<T>(
  responsePromise: Promise<{ ok: boolean; status: number; json(): Promise<T> }>,
): Promise<T> {
  let response: Awaited<typeof responsePromise>;
  try {
    response = await responsePromise;
  } catch {
    throw new ApiError(MESSAGES.somethingWentWrong, 0, "network");
  }
  // 204 No Content (a delete) has no body to read.
  if (response.status === 204) return null as T;
  if (response.ok) return response.json();
  const payload = (await response.json().catch(() => ({}))) as ErrorPayload;
  const message = payload.error?.message ?? payload.message ?? MESSAGES.somethingWentWrong;
  throw new ApiError(message, response.status, payload.error?.code ?? payload.code);
}

/**
 * What a reader is told when a call failed, where the spec says "the error's message, or '…'" (§8): the server's
 * own words, or `fallback` when it gave none, because no answer came or the answer carried no message.
 */
export function failureMessage(error: unknown, fallback: string): string {
  const ownWords =
    error instanceof ApiError &&
    error.status !== 0 &&
    error.message !== "" &&
    error.message !== MESSAGES.somethingWentWrong;
  return ownWords ? error.message : fallback;
}
