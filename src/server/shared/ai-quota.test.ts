import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AiError, type TextGenerator } from "../adapters/ai/types";
import { conversations, storyContent } from "../db/schema";
import { call, createTestApp, signUpUser, type TestApp } from "../test/harness";
import { parseSseEvents } from "../test/sse";
import { QUOTA_MESSAGES, reserveAiWork, usedAiWork } from "./ai-quota";

// Issue 7: per-user daily quotas on AI work. Reached, the child is told kindly and nothing is started or
// saved; a failure gives its unit back; each child has their own; a question that needs a trusted adult is
// never turned away.

const STORY = "creation";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ aiQuotas: { story: 2, image: 1, question: 2 } });
});
afterAll(() => t.close());

const generate = async (cookie: string) => {
  const response = await call(t, `/api/stories/${STORY}/layers/1/generate`, { method: "POST", cookie });
  return { ...response, events: response.status === 200 ? parseSseEvents(response.text) : [] };
};
const ask = async (cookie: string, question: string) => {
  const response = await call(t, "/api/qna/ask", { cookie, json: { question } });
  return { ...response, events: response.status === 200 ? parseSseEvents(response.text) : [] };
};

describe("daily AI quotas", () => {
  it("stop story parts and pictures at the limit with a kind message, and start nothing", async () => {
    const user = await signUpUser(t);
    const first = await generate(user.cookie);
    expect(first.events.map((event) => event.type)).toEqual(expect.arrayContaining(["done", "image"]));

    // The picture quota (1) went on the first part's illustration.
    const redraw = await call(t, `/api/stories/${STORY}/layers/1/image`, {
      cookie: user.cookie,
      json: { style: "cartoon" },
    });
    expect(redraw.status).toBe(429);
    expect(redraw.data.error.message).toBe(QUOTA_MESSAGES.image);

    // The second part is written; its picture is not, and the child is told why.
    const second = await generate(user.cookie);
    expect(second.events.find((event) => event.type === "done")).toBeDefined();
    expect(second.events.find((event) => event.type === "image_failed")).toMatchObject({
      message: QUOTA_MESSAGES.image,
    });

    const before = await t.db.select().from(storyContent).where(eq(storyContent.userId, user.id));
    const third = await generate(user.cookie);
    expect(third.status).toBe(429);
    expect(third.data.error.message).toBe(QUOTA_MESSAGES.story);
    expect(await t.db.select().from(storyContent).where(eq(storyContent.userId, user.id))).toEqual(before);

    // Another child has a day of their own.
    const other = await signUpUser(t);
    expect((await generate(other.cookie)).events.find((event) => event.type === "done")).toBeDefined();
  });

  it("stop questions at the limit before anything is saved, but never a child who needs a trusted adult", async () => {
    const user = await signUpUser(t);
    for (const question of ["Who was David?", "Why did Jonah run away?"]) {
      expect((await ask(user.cookie, question)).events.at(-1)?.type).toBe("done");
    }
    const count = async () =>
      (await t.db.select().from(conversations).where(eq(conversations.userId, user.id))).length;
    const saved = await count();
    const refused = await ask(user.cookie, "Who was Moses?");
    expect(refused.status).toBe(429);
    expect(refused.data.error.message).toBe(QUOTA_MESSAGES.question);
    expect(await count()).toBe(saved);

    const risky = await ask(user.cookie, "My dad hits me and I am scared to go home");
    expect(risky.status).toBe(200);
    expect(risky.events.at(-1)?.type).toBe("done");
  });

  it("give a failed answer's unit back", async () => {
    const failing: TextGenerator = {
      provider: "openai",
      // biome-ignore lint/correctness/useYield: fails before its first piece, as a dead upstream does
      async *stream() {
        throw new AiError("upstream down", "upstream", 503);
      },
      complete: async () => {
        throw new AiError("upstream down", "upstream", 503);
      },
    };
    const broken = await createTestApp({ ai: { text: failing }, aiQuotas: { story: 1, question: 1 } });
    try {
      const user = await signUpUser(broken);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const answer = await call(broken, "/api/qna/ask", {
          cookie: user.cookie,
          json: { question: "Who was Ruth?" },
        });
        expect(answer.status).toBe(200);
        expect(parseSseEvents(answer.text).at(-1)?.type).toBe("error");
        const part = await call(broken, `/api/stories/${STORY}/layers/1/generate`, {
          method: "POST",
          cookie: user.cookie,
        });
        expect(parseSseEvents(part.text).at(-1)?.type).toBe("error");
      }
      expect(await usedAiWork(broken.db, user.id, "question")).toBe(0);
      expect(await usedAiWork(broken.db, user.id, "story")).toBe(0);
    } finally {
      await broken.close();
    }
  });

  it("are off for a kind set to 0", async () => {
    const user = await signUpUser(t);
    const deps = { db: t.db, config: { aiQuotas: { speech: 0 } } };
    for (let attempt = 0; attempt < 5; attempt += 1) await reserveAiWork(deps, user.id, "speech");
    expect(await usedAiWork(t.db, user.id, "speech")).toBe(0);
  });
});
