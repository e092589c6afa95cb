import { vi } from "vitest";
import type { MemoryVerseItem } from "../../../core/schemas/memory-verses";

// What the memory verses' tests share: a stand-in for the API behind the typed client, and a verse or two.

export type Call = { method: string; pathname: string; search: string; body: unknown };
export type Reply = { status?: number; body?: unknown };
export type Answer = Reply | ((call: Call) => Reply | Promise<Reply>);

/** Stubs fetch with answers keyed by "METHOD /api/path"; returns the calls made, bodies parsed. */
export function stubApi(answers: Record<string, Answer>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { pathname, search } = new URL(String(input), location.href);
      const method = init?.method ?? "GET";
      const call = {
        method,
        pathname,
        search,
        body: typeof init?.body === "string" ? JSON.parse(init.body) : null,
      };
      calls.push(call);
      const answer = answers[`${method} ${pathname}`];
      const { status = 200, body = null } = answer
        ? await (typeof answer === "function" ? answer(call) : answer)
        : { status: 404, body: { error: { message: "Not found" } } };
      return Response.json(body, { status });
    }),
  );
  return calls;
}

export const GENESIS_1_1 = "In the beginning, God created the heavens and the earth.";
export const EXODUS_14_14 = "Yahweh will fight for you, and you shall be still.”";

/** A learnt verse as the server lists it. */
export function learntVerse(change: Partial<MemoryVerseItem> = {}): MemoryVerseItem {
  return {
    story: { slug: "creation", title: "Creation" },
    reference: "Genesis 1:1",
    text: GENESIS_1_1,
    box: 1,
    dueOn: "2026-11-26",
    due: true,
    ...change,
  };
}
