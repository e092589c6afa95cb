import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GUARDRAIL_MESSAGES } from "../../core/schemas/moderation";
import { STORY_MESSAGES } from "../../core/stories/generation-events";
import { fallbackShareDraft } from "../../core/stories/share";
import { createOpenAiImageGenerator } from "../adapters/ai/image-openai";
import { createOpenAiTextGenerator } from "../adapters/ai/text-openai";
import { createModerator } from "../adapters/moderation";
import { aiFlags, conversationMessages, profiles, stories, storyContent } from "../db/schema";
import {
  FAKE_OPENAI_FLAG_WORD,
  FAKE_OPENAI_KEY,
  type FakeOpenAi,
  startFakeOpenAi,
} from "../test/fakes/openai";
import { call, createTestApp, signUpUser, type TestApp } from "../test/harness";
import { parseSseEvents } from "../test/sse";

// Issue 6, through the routes: AI outputs that moderation stops are never shown (not even the start of a
// phone number or half a bad word), the child sees the kind message, nothing is half-saved, and a flag is
// raised for leaders. Upstreams are real HTTP servers on 127.0.0.1.

type User = Awaited<ReturnType<typeof signUpUser>>;

/**
 * An OpenAI-compatible chat endpoint that streams exactly the given pieces, so that a word can be split
 * across them as a model's tokens split words ("fu" + "ck"); the shared fake always sends whole words.
 */
async function startPieceUpstream() {
  let pieces: string[] = [];
  let chats = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      chats += 1;
      response.writeHead(200, { "content-type": "text/event-stream" });
      const chunk = (delta: object, finish: string | null = null) =>
        `data: ${JSON.stringify({
          id: "chatcmpl-pieces",
          object: "chat.completion.chunk",
          created: 0,
          model: "gpt-test",
          choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
        })}\n\n`;
      response.write(chunk({ role: "assistant", content: "" }));
      for (const content of pieces) response.write(chunk({ content }));
      response.end(`${chunk({}, "stop")}data: [DONE]\n\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    stream(next: string[]) {
      pieces = next;
    },
    get chats() {
      return chats;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Events = ReturnType<typeof parseSseEvents>;
const shown = (events: Events) =>
  events
    .filter((event) => event.type === "delta")
    .map((event) => event.text)
    .join("");

const flagsOf = (t: TestApp, user: User) => t.db.select().from(aiFlags).where(eq(aiFlags.userId, user.id));

async function xpOf(t: TestApp, user: User) {
  const [row] = await t.db.select({ xp: profiles.xp }).from(profiles).where(eq(profiles.id, user.id));
  return row?.xp;
}

async function storyId(t: TestApp, slug: string) {
  const [row] = await t.db.select({ id: stories.id }).from(stories).where(eq(stories.slug, slug));
  return row?.id;
}

const ask = async (t: TestApp, user: User, question: string) => {
  const response = await call(t, "/api/qna/ask", { cookie: user.cookie, json: { question } });
  expect(response.status).toBe(200);
  const events = parseSseEvents(response.text);
  const started = events.find((event) => event.type === "started") as
    | { conversation: { id: string } }
    | undefined;
  return { events, conversationId: started?.conversation.id ?? "" };
};

const generate = async (t: TestApp, user: User, slug: string, layer: number) => {
  const response = await call(t, `/api/stories/${slug}/layers/${layer}/generate`, {
    method: "POST",
    cookie: user.cookie,
  });
  expect(response.status).toBe(200);
  return parseSseEvents(response.text);
};

describe("with a model whose tokens split words", () => {
  let upstream: Awaited<ReturnType<typeof startPieceUpstream>>;
  let t: TestApp;
  beforeAll(async () => {
    upstream = await startPieceUpstream();
    t = await createTestApp({
      ai: {
        text: createOpenAiTextGenerator({
          baseUrl: upstream.baseUrl,
          apiKey: FAKE_OPENAI_KEY,
          model: "gpt-test",
        }),
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });

  it("withholds a Q&A answer with a bad word split across pieces: none of it shown, the kind message saved", async () => {
    const user = await signUpUser(t);
    const question = "What happened when David met Goliath?";
    upstream.stream(["David was ", "so brave. What the fu", "ck", " happened ", "next was amazing."]);
    const { events, conversationId } = await ask(t, user, question);
    expect(shown(events)).toBe("David was so brave. What the ");
    expect(events.at(-1)).toEqual({ type: "withheld", message: GUARDRAIL_MESSAGES.answer });
    expect(events.some((event) => event.type === "done" || event.type === "error")).toBe(false);

    const saved = await t.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversationId))
      .orderBy(conversationMessages.id);
    expect(saved.map((message) => [message.type, message.content, message.status])).toEqual([
      ["user", question, "done"],
      ["ai", GUARDRAIL_MESSAGES.answer, "done"],
    ]);
    const listed = await call(t, `/api/qna/conversations/${conversationId}/messages`, {
      cookie: user.cookie,
    });
    expect(listed.data.messages[1].content).toBe(GUARDRAIL_MESSAGES.answer);

    const flags = await flagsOf(t, user);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({
      kind: "withheld_answer",
      priority: "normal",
      status: "open",
      conversationId,
      storyId: null,
      input: question,
      // Everything that had arrived when it was stopped, for the leader to read.
      output: "David was so brave. What the fuck happened ",
    });
  });

  it("withholds story text with a phone number over several pieces: nothing saved, no XP, try again", async () => {
    const user = await signUpUser(t);
    upstream.stream([
      "In the beginning God ",
      "created the heavens. Call 555",
      " 123",
      " 4567 ",
      "today",
      ".",
    ]);
    const events = await generate(t, user, "creation", 1);
    expect(shown(events)).toBe("In the beginning God created the heavens. Call ");
    expect(events.at(-1)).toEqual({ type: "withheld", message: GUARDRAIL_MESSAGES.story });
    expect(events.map((event) => event.type)).not.toContain("done");
    expect(events.map((event) => event.type)).not.toContain("image");
    expect(await t.db.select().from(storyContent).where(eq(storyContent.userId, user.id))).toEqual([]);
    expect(await xpOf(t, user)).toBe(0);
    const flags = await flagsOf(t, user);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({
      kind: "withheld_story",
      priority: "normal",
      storyId: await storyId(t, "creation"),
      conversationId: null,
      input: "Layer 1: Basic Understanding",
      output: "In the beginning God created the heavens. Call 555 123 4567 ",
    });

    // The button tries again, and a clean text is saved and rewarded as always.
    upstream.stream(["In the beginning ", "God created ", "the heavens ", "and the earth."]);
    const again = await generate(t, user, "creation", 1);
    expect(again.find((event) => event.type === "done")).toMatchObject({
      content: "In the beginning God created the heavens and the earth.",
      xpAwarded: 10,
    });
    expect(await xpOf(t, user)).toBe(10);
    expect(await flagsOf(t, user)).toHaveLength(1);
  });
});

describe("with the shared fake OpenAI", () => {
  let fake: FakeOpenAi;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    const connection = { baseUrl: fake.baseUrl, apiKey: FAKE_OPENAI_KEY };
    t = await createTestApp({
      ai: {
        text: createOpenAiTextGenerator({ ...connection, model: "gpt-test", stallTimeoutMs: 300 }),
        image: createOpenAiImageGenerator({ ...connection, model: "image-test" }),
      },
      // The provider's moderation too: what only it flags is found in the check of the whole text.
      moderator: createModerator({
        moderation: "openai",
        aiBaseUrl: fake.baseUrl,
        aiApiKey: FAKE_OPENAI_KEY,
      }),
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const requestsTo = (path: string) => fake.requests.filter((request) => request.path === path);

  it("withholds a Q&A answer with a phone number, streamed word by word: no digit of it is shown", async () => {
    const user = await signUpUser(t);
    fake.behave("ok", { text: "Great question! You can call me on 555 123 4567 any time." });
    const { events } = await ask(t, user, "Who was Ruth?");
    expect(shown(events)).toBe("Great question! You can call me on ");
    expect(events.at(-1)).toEqual({ type: "withheld", message: GUARDRAIL_MESSAGES.answer });
    // The leader sees what the model had written when it was stopped: the number's first six digits already
    // read as a phone number, so the rest was never asked for.
    const [flag] = await flagsOf(t, user);
    expect(flag?.output).toMatch(/call me on 555 123/);
  });

  it("withholds story text the provider's moderation flags when it sees it whole", async () => {
    const user = await signUpUser(t);
    // Signing up asked the provider about the username; only the story's requests count here.
    fake.reset();
    fake.behave("ok", { text: `God made the light and called it good ${FAKE_OPENAI_FLAG_WORD}` });
    const events = await generate(t, user, "creation", 1);
    expect(events.at(-1)).toEqual({ type: "withheld", message: GUARDRAIL_MESSAGES.story });
    // The last word waits for the whole-text check, so the flagged one was never shown.
    expect(shown(events)).toBe("God made the light and called it good ");
    expect(await t.db.select().from(storyContent).where(eq(storyContent.userId, user.id))).toEqual([]);
    expect(await xpOf(t, user)).toBe(0);
    expect((await flagsOf(t, user)).map((flag) => flag.kind)).toEqual(["withheld_story"]);
    // One question to the provider's moderation, about the whole text, after the stream.
    expect(requestsTo("/v1/moderations").map((request) => request.body)).toEqual([
      { model: expect.any(String), input: `God made the light and called it good ${FAKE_OPENAI_FLAG_WORD}` },
    ]);
  });

  it("replaces a flagged share draft with the fallback, and raises a flag", async () => {
    const user = await signUpUser(t);
    fake.behave("ok", { text: "I loved Creation! Text me on 555 123 4567 🙏" });
    const note = "God made everything good";
    const response = await call(t, "/api/stories/creation/share-draft", {
      cookie: user.cookie,
      json: { layer: 1, note },
    });
    expect(response.status).toBe(200);
    const [story] = await t.db.select().from(stories).where(eq(stories.slug, "creation"));
    expect(response.data).toEqual({
      draft: fallbackShareDraft(story?.title ?? "", note),
      source: "fallback",
    });
    const flags = await flagsOf(t, user);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({
      kind: "withheld_share",
      priority: "normal",
      storyId: story?.id,
      input: note,
      output: "I loved Creation! Text me on 555 123 4567 🙏",
    });
  });

  it("lets a clean share draft through without a flag", async () => {
    const user = await signUpUser(t);
    fake.behave("ok", { text: "God made everything, and it was good! 🌍✨" });
    const response = await call(t, "/api/stories/creation/share-draft", {
      cookie: user.cookie,
      json: { layer: 1, note: "God made everything good" },
    });
    expect(response.data).toEqual({ draft: "God made everything, and it was good! 🌍✨", source: "ai" });
    expect(await flagsOf(t, user)).toEqual([]);
  });

  it("never sends a flagged image prompt to the provider: the friendly failure, and a flag", async () => {
    const user = await signUpUser(t);
    fake.behave("ok");
    await generate(t, user, "creation", 1);
    expect(requestsTo("/v1/images/generations")).toHaveLength(1);
    fake.reset();
    for (const direction of ["my phone number is 555 123 4567", "draw a big pile of shit"]) {
      const response = await call(t, "/api/stories/creation/layers/1/image", {
        cookie: user.cookie,
        json: { style: "cartoon", direction },
      });
      expect(response.status).toBe(502);
      expect(response.data.error.message).toBe(STORY_MESSAGES.imageFailed);
    }
    expect(requestsTo("/v1/images/generations")).toEqual([]);
    const flags = await t.db
      .select()
      .from(aiFlags)
      .where(and(eq(aiFlags.userId, user.id), eq(aiFlags.kind, "withheld_image")))
      .orderBy(aiFlags.createdAt);
    expect(flags.map((flag) => flag.input)).toEqual([
      "my phone number is 555 123 4567",
      "draw a big pile of shit",
    ]);
    expect(flags[0]).toMatchObject({ priority: "normal", storyId: await storyId(t, "creation") });
    expect(flags[0]?.output).toMatch(
      /^A kid-friendly cartoon[\s\S]*Additional direction: my phone number is/,
    );

    // A kind direction is drawn as always.
    const drawn = await call(t, "/api/stories/creation/layers/1/image", {
      cookie: user.cookie,
      json: { style: "cartoon", direction: "Sunset colours" },
    });
    expect(drawn.status).toBe(200);
    expect(requestsTo("/v1/images/generations")).toHaveLength(1);
  });
});
