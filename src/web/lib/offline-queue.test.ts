import { afterEach, describe, expect, it, vi } from "vitest";
import { OFFLINE_ANSWER_MAX_AGE_MS, queueAnswer, sendQueuedAnswers } from "./offline-queue";

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 26, 12);

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** The server as the queue meets it: records what arrives, answering each with the next status given. */
function stubServer(...statuses: (number | "offline")[]) {
  const arrived: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init: RequestInit) => {
      const status = statuses.shift() ?? 200;
      if (status === "offline") throw new TypeError("Failed to fetch");
      arrived.push({ path, body: JSON.parse(String(init.body)) });
      return Response.json({}, { status });
    }),
  );
  return arrived;
}

describe("answers given offline", () => {
  it("are sent in the order they were given, once, and then forgotten", async () => {
    queueAnswer("/api/stories/creation/layers/1/check/0", { option: 2 }, NOW - DAY);
    queueAnswer("/api/memory-verses/creation/review", { words: ["In", "the"] }, NOW - 1000);
    const arrived = stubServer(200, 200);

    const [first, second] = await Promise.all([sendQueuedAnswers(NOW), sendQueuedAnswers(NOW)]);
    expect(first).toEqual({ sent: 2, dropped: 0 });
    expect(second).toEqual(first);
    expect(arrived).toEqual([
      { path: "/api/stories/creation/layers/1/check/0", body: { option: 2 } },
      { path: "/api/memory-verses/creation/review", body: { words: ["In", "the"] } },
    ]);
    expect(await sendQueuedAnswers(NOW)).toEqual({ sent: 0, dropped: 0 });
  });

  it("drops what waited more than 7 days, unsent, and says how many", async () => {
    queueAnswer("/api/stories/creation/layers/1/check/0", { option: 1 }, NOW - OFFLINE_ANSWER_MAX_AGE_MS - 1);
    queueAnswer("/api/stories/creation/layers/1/check/1", { option: 0 }, NOW - 2 * DAY);
    const arrived = stubServer(200);
    expect(await sendQueuedAnswers(NOW)).toEqual({ sent: 1, dropped: 1 });
    expect(arrived.map((answer) => answer.path)).toEqual(["/api/stories/creation/layers/1/check/1"]);
  });

  it("keeps the rest when the connection fails again or the server errs, and drops one the server refuses", async () => {
    queueAnswer("/a", { n: 1 }, NOW);
    queueAnswer("/b", { n: 2 }, NOW);
    queueAnswer("/c", { n: 3 }, NOW);
    stubServer(422, "offline");
    expect(await sendQueuedAnswers(NOW)).toEqual({ sent: 0, dropped: 0 });

    stubServer(503);
    expect(await sendQueuedAnswers(NOW)).toEqual({ sent: 0, dropped: 0 });

    const arrived = stubServer(200, 200);
    expect(await sendQueuedAnswers(NOW)).toEqual({ sent: 2, dropped: 0 });
    expect(arrived.map((answer) => answer.path)).toEqual(["/b", "/c"]);
  });
});
