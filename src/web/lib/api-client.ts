import { hc } from "hono/client";
import { MESSAGES } from "../../core/messages";
import type { ApiType } from "../../server/app";

/**
 * Headers every write to our API carries. The reader's own time zone lets the server count reading days by
 * their calendar rather than the server's (Dedicated Reader). Raw `fetch` callers spread these into theirs.
 */
/**
 * The first look at the browser's time zone starts its whole Intl machinery: a pause of a tenth of a second on a
 * phone. Taken while the page is idle, it is not paid by the reader's first tap that writes (a check's answer).
 */
if (typeof window !== "undefined" && "requestIdleCallback" in window)
  window.requestIdleCallback(() => Intl.DateTimeFormat().resolvedOptions(), { timeout: 5000 });

export function apiHeaders(): Record<string, string> {
  // Read per request: a laptop that travels changes zone without reloading the tab.
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return timeZone ? { "x-time-zone": timeZone } : {};
}

/**
 * For a read that needs the reader's date (the streak, the verses due today): the offset from UTC, which, unlike
 * the zone's name, the browser gives at no cost.
 */
export function readerDayHeaders(): Record<string, string> {
  return { "x-utc-offset": String(new Date().getTimezoneOffset()) };
}

/**
 * Reads go without the time zone: reading days are counted on writes, and the first look at the zone starts
 * the browser's whole Intl machinery, a pause of a tenth of a second on a phone, right as a page loads and
 * makes its reads (the zone's name has no cheaper source).
 */
function withApiHeaders(init: RequestInit = {}): RequestInit {
  const method = init.method?.toUpperCase() ?? "GET";
  if (method === "GET" || method === "HEAD") return init;
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(apiHeaders())) headers.set(name, value);
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
