import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiFlags } from "../../db/schema";
import type { FakeOpenAi } from "../../test/fakes/openai";
import { createAppWithFakeOpenAi } from "../../test/fakes/openai-app";
import { call, createTestApp, signUpUser, type TestApp } from "../../test/harness";
import { parseSseEvents } from "../../test/sse";
import { TRUSTED_ADULT_ANSWER } from "./trusted-adult";
import { HARMLESS_QUESTIONS, RISKY_QUESTIONS } from "./trusted-adult-cases";

// Issue 6, through the route: every risky question of the table raises exactly one high-priority flag for
// leaders and gets the caring answer; no harmless one raises a flag of any kind, whoever writes the answer.

type User = Awaited<ReturnType<typeof signUpUser>>;

async function ask(t: TestApp, user: User, question: string) {
  const response = await call(t, "/api/qna/ask", { cookie: user.cookie, json: { question } });
  const events = response.status === 200 ? parseSseEvents(response.text) : [];
  const started = events.find((event) => event.type === "started") as
    | { conversation: { id: string } }
    | undefined;
  return { status: response.status, events, conversationId: started?.conversation.id, last: events.at(-1) };
}

const flagsOf = (t: TestApp, user: User) => t.db.select().from(aiFlags).where(eq(aiFlags.userId, user.id));

function describeTable(
  name: string,
  open: () => Promise<{ app: TestApp; fake?: FakeOpenAi; close(): Promise<void> }>,
) {
  describe(name, () => {
    let t: TestApp;
    let fake: FakeOpenAi | undefined;
    let close: () => Promise<void>;
    let risky: User;
    let harmless: User;
    beforeAll(async () => {
      ({ app: t, fake, close } = await open());
      risky = await signUpUser(t);
      harmless = await signUpUser(t);
    });
    afterAll(() => close());

    it.each(RISKY_QUESTIONS)("flags %j once, high priority, and answers with care", async (question) => {
      const chatsBefore = fake?.requests.filter((request) =>
        request.path.endsWith("/chat/completions"),
      ).length;
      const result = await ask(t, risky, question);
      expect(result.status).toBe(200);
      expect(result.last).toEqual({ type: "done", content: TRUSTED_ADULT_ANSWER });
      const flags = await t.db
        .select()
        .from(aiFlags)
        .where(and(eq(aiFlags.userId, risky.id), eq(aiFlags.input, question)));
      expect(flags).toHaveLength(1);
      expect(flags[0]).toMatchObject({
        kind: "risky_question",
        priority: "high",
        status: "open",
        conversationId: result.conversationId,
        output: null,
      });
      // The question never reaches an AI.
      if (fake)
        expect(fake.requests.filter((request) => request.path.endsWith("/chat/completions"))).toHaveLength(
          chatsBefore ?? 0,
        );
    });

    it.each(HARMLESS_QUESTIONS)("raises no flag for %j", async (question) => {
      const result = await ask(t, harmless, question);
      expect(result.status).toBe(200);
      expect(result.last?.type).toBe("done");
      expect(result.last?.content).not.toBe(TRUSTED_ADULT_ANSWER);
      expect(await flagsOf(t, harmless)).toEqual([]);
    });

    it("raised one flag per risky question and none for the harmless ones, in all", async () => {
      const flags = await flagsOf(t, risky);
      expect(flags).toHaveLength(RISKY_QUESTIONS.length);
      expect(flags.every((flag) => flag.kind === "risky_question" && flag.priority === "high")).toBe(true);
      expect(await flagsOf(t, harmless)).toEqual([]);
    });
  });
}

describeTable("the risky and harmless questions with the offline library", async () => {
  const app = await createTestApp();
  return { app, close: () => app.close() };
});

describeTable("the risky and harmless questions with an OpenAI-compatible provider", async () => {
  const { app, fake, close } = await createAppWithFakeOpenAi();
  return { app, fake, close };
});
