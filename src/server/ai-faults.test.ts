import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QNA_MESSAGES } from "../core/schemas/qna";
import { STORY_MESSAGES } from "../core/stories/generation-events";
import { fallbackShareDraft } from "../core/stories/share";
import { createOpenAiImageGenerator } from "./adapters/ai/image-openai";
import { createOpenAiTextGenerator } from "./adapters/ai/text-openai";
import { conversationMessages, conversations, profiles, storyContent } from "./db/schema";
import { FAKE_OPENAI_KEY, type FakeOpenAi, type FakeOpenAiMode, startFakeOpenAi } from "./test/fakes/openai";
import { call, createTestApp, signUpUser, type TestApp } from "./test/harness";
import { parseSseEvents } from "./test/sse";

// Issue 7, faults: the AI upstream down, slow (no byte for 20 s), answering 401/429/500 or sending malformed
// chunks. Every flow a child uses ends with the spec's own fallback text, within 25 s, and saves nothing half
// done: no story text, no XP, no picture; a question's answer is the failure text, never a fragment.

const STORY = "creation";
const NOTE = "God made everything good";
type Fault = FakeOpenAiMode | "down";
const TEXT_FAULTS: Fault[] = ["down", "401", "429", "500", "malformed", "stall", "empty", "error-chunk"];
const IMAGE_FAULTS: Fault[] = ["down", "401", "429", "500", "malformed", "empty", "not-image"];

let fake: FakeOpenAi;
/** An address nothing listens on: a fake that was started and closed again. */
let downUrl: string;
let apps: Record<"up" | "down", TestApp>;

function appOn(baseUrl: string, stallTimeoutMs?: number) {
  const connection = { baseUrl, apiKey: FAKE_OPENAI_KEY };
  return createTestApp({
    ai: {
      text: createOpenAiTextGenerator({ ...connection, model: "gpt-test", stallTimeoutMs }),
      image: createOpenAiImageGenerator({ ...connection, model: "image-test" }),
    },
  });
}

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const gone = await startFakeOpenAi();
  downUrl = gone.baseUrl;
  await gone.close();
  // A short stall limit here; the real 20 s one is proven once, below.
  apps = { up: await appOn(fake.baseUrl, 300), down: await appOn(downUrl, 300) };
});
afterAll(async () => {
  await Promise.all([apps.up.close(), apps.down.close()]);
  await fake.close();
});

function appFor(fault: Fault) {
  if (fault === "down") return apps.down;
  fake.reset();
  fake.behave(fault);
  return apps.up;
}

async function tryStory(t: TestApp, cookie: string) {
  const response = await call(t, `/api/stories/${STORY}/layers/1/generate`, { method: "POST", cookie });
  return parseSseEvents(response.text);
}

async function tryQuestion(t: TestApp, cookie: string) {
  const response = await call(t, "/api/qna/ask", { cookie, json: { question: "Why did God rest?" } });
  return parseSseEvents(response.text);
}

async function tryShareDraft(t: TestApp, cookie: string) {
  return call(t, `/api/stories/${STORY}/share-draft`, { cookie, json: { layer: 1, note: NOTE } });
}

async function expectNothingHalfSaved(t: TestApp, userId: string) {
  expect(await t.db.select().from(storyContent).where(eq(storyContent.userId, userId))).toEqual([]);
  const [profile] = await t.db.select({ xp: profiles.xp }).from(profiles).where(eq(profiles.id, userId));
  expect(profile?.xp).toBe(0);
}

async function savedAnswers(t: TestApp, userId: string) {
  return t.db
    .select({
      type: conversationMessages.type,
      content: conversationMessages.content,
      status: conversationMessages.status,
    })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .where(eq(conversations.userId, userId));
}

describe.each(TEXT_FAULTS)("the AI upstream %s", (fault) => {
  it("story text ends with the failure text, and nothing is saved", async () => {
    const t = appFor(fault);
    const user = await signUpUser(t);
    const events = await tryStory(t, user.cookie);
    expect(events.at(-1)).toEqual({ type: "error", message: STORY_MESSAGES.generationFailed });
    expect(events.some((event) => event.type === "done")).toBe(false);
    await expectNothingHalfSaved(t, user.id);
  });

  it("a question ends with the failure text, saved as a failed answer and never a fragment", async () => {
    const t = appFor(fault);
    const user = await signUpUser(t);
    const events = await tryQuestion(t, user.cookie);
    expect(events.at(-1)).toEqual({ type: "error", message: QNA_MESSAGES.chatFailed });
    const ai = (await savedAnswers(t, user.id)).filter((message) => message.type === "ai");
    expect(ai).toEqual([{ type: "ai", content: QNA_MESSAGES.chatFailed, status: "failed" }]);
  });

  // A draft is asked for whole, not streamed: there are no chunks for an error chunk to be among.
  it.skipIf(fault === "error-chunk")("a share draft falls back to the spec's own draft", async () => {
    const t = appFor(fault);
    const user = await signUpUser(t);
    const response = await tryShareDraft(t, user.cookie);
    expect(response.status).toBe(200);
    expect(response.data).toEqual({
      draft: fallbackShareDraft("In the Beginning: Creation", NOTE),
      source: "fallback",
    });
  });
});

describe.each(IMAGE_FAULTS)("the image upstream %s", (fault) => {
  it("a picture ends with 'Failed to generate image', and the story text stays without one", async () => {
    // The offline library writes the text; only the picture meets the fault.
    const t = await createTestApp({
      ai: {
        image: createOpenAiImageGenerator({
          baseUrl: fault === "down" ? downUrl : fake.baseUrl,
          apiKey: FAKE_OPENAI_KEY,
          model: "image-test",
        }),
      },
    });
    try {
      if (fault !== "down") appFor(fault);
      const user = await signUpUser(t);
      const events = await tryStory(t, user.cookie);
      expect(events.some((event) => event.type === "done")).toBe(true);
      expect(events.at(-1)).toEqual({ type: "image_failed", message: STORY_MESSAGES.imageFailed });
      const redraw = await call(t, `/api/stories/${STORY}/layers/1/image`, {
        cookie: user.cookie,
        json: { style: "cartoon" },
      });
      expect(redraw.status).toBe(502);
      expect(redraw.data.error.message).toBe(STORY_MESSAGES.imageFailed);
      const [row] = await t.db.select().from(storyContent).where(eq(storyContent.userId, user.id));
      expect(row?.content.length).toBeGreaterThan(100);
      expect(row?.imageUrl).toBeNull();
    } finally {
      await t.close();
    }
  });
});

describe("an upstream that goes quiet", () => {
  it("ends every text flow with its fallback within 25 s, on the real 20 s stall limit", async () => {
    const t = await appOn(fake.baseUrl);
    try {
      fake.reset();
      fake.behave("stall");
      const user = await signUpUser(t);
      const started = Date.now();
      const timed = async <T>(flow: Promise<T>) => {
        const value = await flow;
        return { value, ms: Date.now() - started };
      };
      const [story, question, draft] = await Promise.all([
        timed(tryStory(t, user.cookie)),
        timed(tryQuestion(t, user.cookie)),
        timed(tryShareDraft(t, user.cookie)),
      ]);
      expect(story.value.at(-1)).toEqual({ type: "error", message: STORY_MESSAGES.generationFailed });
      expect(question.value.at(-1)).toEqual({ type: "error", message: QNA_MESSAGES.chatFailed });
      expect(draft.value.data.source).toBe("fallback");
      for (const flow of [story, question, draft]) {
        expect(flow.ms).toBeGreaterThanOrEqual(19_000);
        expect(flow.ms).toBeLessThan(25_000);
      }
      await expectNothingHalfSaved(t, user.id);
    } finally {
      await t.close();
    }
    // It waits out the real 20 s stall limit, about 21 s in all: three times that, so a slower machine passes.
  }, 65_000);
});
