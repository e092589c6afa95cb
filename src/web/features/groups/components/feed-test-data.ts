import { vi } from "vitest";
import type { FeedComment, FeedPost } from "../../../../core/schemas/feed";

// Test data for the feed's component tests, and a stand-in for the API behind the hono client.

export const GROUP_ID = "6f1c1f52-6c1e-4a43-9d0e-1c1b2f3a4b5c";
export const ME = { id: "user-me", username: "ruth_reads", avatarUrl: null };
export const FRIEND = { id: "user-friend", username: "david", avatarUrl: null };

const noReactions = { reactionCounts: { like: 0, love: 0, pray: 0 }, reactionsCount: 0, userReaction: null };

export function makePost(overrides: Partial<FeedPost> = {}): FeedPost {
  return {
    ...noReactions,
    id: "post-1",
    groupId: GROUP_ID,
    title: "Thoughts on Ruth",
    content: "She stayed with Naomi.",
    mediaUrl: null,
    mediaType: null,
    mediaPending: false,
    isPinned: false,
    // Midday UTC, so the date reads the same in every time zone the tests might run in.
    createdAt: "2026-11-21T12:00:00.000Z",
    author: FRIEND,
    commentsCount: 0,
    latestComments: [],
    ...overrides,
  };
}

export function makeComment(overrides: Partial<FeedComment> = {}): FeedComment {
  return {
    ...noReactions,
    id: "comment-1",
    postId: "post-1",
    parentCommentId: null,
    content: "Me too!",
    createdAt: "2026-11-21T12:30:00.000Z",
    author: FRIEND,
    replies: [],
    ...overrides,
  };
}

export type ApiCall = { method: string; pathname: string; body: unknown };
type Answer = { status?: number; body?: unknown };

/**
 * Stubs fetch with answers keyed by "METHOD /api/path"; a function answer sees the request's body (JSON
 * parsed, or the FormData). Returns the calls made, in order. Anything else is a 404.
 */
export function stubApi(answers: Record<string, Answer | ((body: unknown) => Answer)>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { pathname } = new URL(String(input), location.href);
      const method = init?.method ?? "GET";
      const body =
        init?.body instanceof FormData
          ? init.body
          : typeof init?.body === "string"
            ? JSON.parse(init.body)
            : null;
      calls.push({ method, pathname, body });
      const answer = answers[`${method} ${pathname}`];
      const { status = 200, body: payload = null } =
        typeof answer === "function"
          ? answer(body)
          : (answer ?? { status: 404, body: { error: { message: "Not found" } } });
      return status === 204 ? new Response(null, { status }) : Response.json(payload, { status });
    }),
  );
  return calls;
}
