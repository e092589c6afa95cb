import { vi } from "vitest";
import type {
  AskEvent,
  ConversationFolder,
  ConversationMessage,
  ConversationSummary,
} from "../../../../core/schemas/qna";

// Test data for the Q&A screen's component tests, and a stand-in for the API behind the hono client.

export const FOLDER_ID = "0b6f3c1e-8a51-4a2e-9a43-4d7f3c2b1a01";
export const CONVERSATION_ID = "7d0c5e2a-1b3f-4c6d-8e9f-0a1b2c3d4e5f";

export function makeFolder(overrides: Partial<ConversationFolder> = {}): ConversationFolder {
  return {
    id: FOLDER_ID,
    name: "Heroes",
    color: "purple",
    createdAt: "2026-11-21T12:00:00.000Z",
    conversationCount: 0,
    ...overrides,
  };
}

export function makeConversation(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id: CONVERSATION_ID,
    title: "Why did David fight Goliath?",
    folderId: null,
    lastMessageAt: "2026-11-21T12:00:00.000Z",
    messageCount: 2,
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<ConversationMessage> = {}): ConversationMessage {
  return {
    id: 1,
    type: "user",
    content: "Why did David fight Goliath?",
    status: "done",
    createdAt: "2026-11-21T12:00:00.000Z",
    askedLeader: false,
    ...overrides,
  };
}

export type ApiCall = { method: string; pathname: string; search: URLSearchParams; body: unknown };
type Answer = { status?: number; body?: unknown } | Response;
export type AnswerFn = (call: ApiCall, signal: AbortSignal | undefined) => Answer | Promise<Answer>;

/**
 * Stubs fetch with answers keyed by "METHOD /api/path" (the query string aside; the call carries it); a function
 * answer sees the call and may return a Response of its own (a stream). Returns the calls made, in order. Anything
 * else is a 404.
 */
export function stubApi(answers: Record<string, Answer | AnswerFn>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), location.href);
      const method = init?.method ?? "GET";
      const body = typeof init?.body === "string" ? JSON.parse(init.body) : null;
      const call = { method, pathname: url.pathname, search: url.searchParams, body };
      calls.push(call);
      const answer = answers[`${method} ${url.pathname}`];
      const resolved =
        typeof answer === "function"
          ? await answer(call, init?.signal ?? undefined)
          : (answer ?? { status: 404, body: { error: { code: "not_found", message: "Not found" } } });
      if (resolved instanceof Response) return resolved;
      const { status = 200, body: payload = null } = resolved;
      return status === 204 ? new Response(null, { status }) : Response.json(payload, { status });
    }),
  );
  return calls;
}

/** What the fake server holds; a test changes it to play the server's side of a change. */
export type QnaServer = { folders: ConversationFolder[]; conversations: ConversationSummary[] };

/**
 * The server's two lists over `server`, as it is when asked: each folder with the count of all its
 * conversations; the conversations whose title contains `q` (any case), in the `folder` asked for (an id, or
 * `none`) or in any, in one page.
 */
export function serverLists(server: QnaServer): Record<string, AnswerFn> {
  return {
    "GET /api/qna/folders": () => ({
      body: {
        folders: server.folders.map((folder) => ({
          ...folder,
          conversationCount: server.conversations.filter(
            (conversation) => conversation.folderId === folder.id,
          ).length,
        })),
      },
    }),
    "GET /api/qna/conversations": ({ search }) => {
      const q = (search.get("q") ?? "").toLowerCase();
      const folder = search.get("folder");
      return {
        body: {
          conversations: server.conversations.filter(
            (conversation) =>
              conversation.title.toLowerCase().includes(q) &&
              (folder === null || (conversation.folderId ?? "none") === folder),
          ),
          nextCursor: null,
        },
      };
    },
  };
}

/** An SSE answer the test writes event by event; aborting the request breaks the stream, as in a browser. */
export function controlledStream(signal?: AbortSignal) {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(start) {
      controller = start;
    },
  });
  signal?.addEventListener("abort", () => controller?.error(new DOMException("aborted", "AbortError")));
  return {
    response: new Response(stream, { headers: { "Content-Type": "text/event-stream" } }),
    send(event: AskEvent) {
      controller?.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
    },
    end() {
      controller?.close();
    },
    /** The connection breaks mid-answer. */
    fail() {
      controller?.error(new TypeError("network error"));
    },
  };
}
