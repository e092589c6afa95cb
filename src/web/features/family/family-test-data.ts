import type { QueryClient } from "@tanstack/react-query";
import { vi } from "vitest";
import type { FamilyChild } from "../../../core/schemas/family";
import { type SessionUser, sessionQuery } from "../auth";

// Test data for the family screens, and a stand-in for the API behind the hono client.

export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: "user-1",
    email: "reader@example.org",
    emailVerified: true,
    role: "member",
    accountState: "active",
    permissions: null,
    hasChildren: false,
    canAddParent: false,
    ...overrides,
  };
}

/** For renderWithApp's `seed`: the session the app would have read before the screen. */
export const withSession =
  (overrides: Partial<SessionUser> = {}) =>
  (queryClient: QueryClient) =>
    queryClient.setQueryData(sessionQuery.queryKey, { user: sessionUser(overrides) });

export function makeChild(overrides: Partial<FamilyChild> = {}): FamilyChild {
  return {
    id: "child-1",
    username: "ruth_reads",
    avatarUrl: null,
    ageBand: "under 13",
    level: 3,
    xp: 240,
    layersRead: 7,
    storiesCompleted: 2,
    achievements: [{ id: "first_story", name: "First Story" }],
    groups: ["Sunday Explorers"],
    lastActiveDay: null,
    permissions: { groups: true, aiHelper: true, media: false, notifications: false },
    parents: ["mum@example.org"],
    ...overrides,
  };
}

export type ApiCall = { method: string; pathname: string; body: unknown };
type Answer = Response | ((call: ApiCall) => Response | Promise<Response>);

/**
 * Stubs fetch with answers keyed by "METHOD /api/path"; anything else is a 404. Returns the calls made, in order.
 * A Response is answered afresh each time (a body can be read once).
 */
export function stubApi(answers: Record<string, Answer>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { pathname } = new URL(String(input), "http://localhost");
      const method = init?.method ?? "GET";
      const call = { method, pathname, body: typeof init?.body === "string" ? JSON.parse(init.body) : null };
      calls.push(call);
      const answer = answers[`${method} ${pathname}`];
      if (!answer)
        return Response.json({ error: { code: "not_found", message: "Not found" } }, { status: 404 });
      return typeof answer === "function" ? answer(call) : answer.clone();
    }),
  );
  return calls;
}

export const apiError = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status });

/** A promise the test resolves, to hold an answer back and see the waiting state. */
export function gate() {
  let release = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}
