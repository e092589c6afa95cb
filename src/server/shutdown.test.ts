import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, signUpOn, startServerProcess } from "./test/server-process";

// SIGTERM on the real server process (issue 7): it stops accepting, ends event streams with a retry hint,
// lets an in-flight story stream finish and save, and exits cleanly within 10 s.

let server: ServerProcess;
beforeAll(async () => {
  // The embedded database: this is about the process, and it must not touch a shared server's data.
  server = await startServerProcess();
}, 60_000);
afterAll(() => server.stop());

/** Reads a streamed body until `until` matches what has arrived, or the stream ends. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, until: (text: string) => boolean) {
  const decoder = new TextDecoder();
  let text = "";
  while (!until(text)) {
    const { done, value } = await reader.read();
    if (done) return { text, done: true };
    text += decoder.decode(value, { stream: true });
  }
  return { text, done: false };
}

describe("SIGTERM", () => {
  it("ends event streams with a retry hint, finishes the story being written, refuses new connections and exits 0 within 10 s", async () => {
    const { baseUrl, child, exited } = server;
    const headers = { origin: baseUrl, "content-type": "application/json" };
    const { cookie } = await signUpOn(baseUrl);

    const events = await fetch(`${baseUrl}/api/events`, { headers: { cookie } });
    const eventReader = (events.body as ReadableStream<Uint8Array>).getReader();
    expect((await readUntil(eventReader, (text) => text.includes("retry:"))).done).toBe(false);

    const stories = (await (await fetch(`${baseUrl}/api/stories`, { headers: { cookie } })).json()) as {
      slug: string;
      difficulty: number;
    }[];
    // Level 1 reads the first stories.
    const slug = stories.find((story) => story.difficulty === 1)?.slug;
    const generation = await fetch(`${baseUrl}/api/stories/${slug}/layers/1/generate`, {
      method: "POST",
      headers: { ...headers, cookie },
    });
    expect(generation.status).toBe(200);
    const storyReader = (generation.body as ReadableStream<Uint8Array>).getReader();
    await readUntil(storyReader, (text) => text.includes('"delta"'));

    const signalledAt = Date.now();
    child.kill("SIGTERM");

    // The event stream is told to come back soon, then closed.
    const closing = await readUntil(eventReader, () => false);
    expect(closing.done).toBe(true);
    expect(closing.text).toMatch(/retry: 500\n\n$/);

    // A new connection is refused while the story in flight is still being written.
    await expect(fetch(`${baseUrl}/api/health`)).rejects.toThrow();

    // The request in flight finishes: its text, its save and its XP.
    const rest = await readUntil(storyReader, () => false);
    expect(rest.text).toContain('"type":"done"');
    expect(rest.text).toMatch(/"xp":10\b/);

    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(10_000);
  });
});
