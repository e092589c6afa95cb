import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FAKE_OPENAI_FLAG_WORD, type FakeOpenAi, startFakeOpenAi } from "../../test/fakes/openai";
import { createLocalModerator } from "./local";
import { createOpenAiModerator, MODERATION_MODEL } from "./openai";

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());

let warnings: { msg: string; provider?: string; err?: { message?: string } }[] = [];
beforeEach(() => {
  fake.reset();
  warnings = [];
});

const logger = pino(
  { level: "warn" },
  { write: (line: string) => void warnings.push(JSON.parse(line) as (typeof warnings)[number]) },
);

const moderator = (options: { timeoutMs?: number; apiKey?: string } = {}) =>
  createOpenAiModerator({
    baseUrl: fake.baseUrl,
    apiKey: fake.apiKey,
    local: createLocalModerator(),
    logger,
    ...options,
  });

const moderationRequests = () => fake.requests.filter((request) => request.path === "/v1/moderations");

describe("OpenAI moderator", () => {
  it("asks the provider with the key, the model and the text, and lets through what it does not flag", async () => {
    const verdict = await moderator().check("I loved the story of Ruth today");
    expect(verdict).toEqual({ allowed: true });
    const [request] = moderationRequests();
    expect(request).toMatchObject({ method: "POST", path: "/v1/moderations" });
    expect(request?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(request?.body).toEqual({ model: MODERATION_MODEL, input: "I loved the story of Ruth today" });
    expect(moderator().provider).toBe("openai");
    expect(warnings).toEqual([]);
  });

  it("refuses what the provider flags as 'provider'", async () => {
    expect(await moderator().check(`you are such a ${FAKE_OPENAI_FLAG_WORD}`)).toEqual({
      allowed: false,
      category: "provider",
    });
    fake.behave("ok", { flagged: true });
    expect(await moderator().check("clean words, unkind meaning")).toEqual({
      allowed: false,
      category: "provider",
    });
  });

  it("keeps the local refusal and does not ask the provider", async () => {
    expect(await moderator().check("call me on 555-123-4567")).toEqual({ allowed: false, category: "phone" });
    expect(moderationRequests()).toHaveLength(0);
  });

  it.each([
    ["an error status", "500"],
    ["a wrong key", "401"],
    ["a body that is not JSON", "malformed"],
    ["an answer without results", "empty"],
  ] as const)("falls back to the local verdict on %s, with a warning", async (_name, mode) => {
    fake.behave(mode);
    expect(await moderator().check("Jesus fed 5000 people")).toEqual({ allowed: true });
    expect(await moderator().check("what the fuck")).toEqual({ allowed: false, category: "language" });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      msg: "moderation provider did not answer; the local check decided",
      provider: new URL(fake.baseUrl).host,
    });
  });

  it("gives up on a provider that does not answer in time", async () => {
    fake.behave("stall");
    const started = Date.now();
    expect(await moderator({ timeoutMs: 200 }).check("See you on Sunday!")).toEqual({ allowed: true });
    expect(Date.now() - started).toBeLessThan(2000);
    await fake.waitForClosedConnections(1);
    expect(warnings).toHaveLength(1);
  });

  it("falls back to the local verdict when nothing listens at the address", async () => {
    const nowhere = createOpenAiModerator({
      baseUrl: "http://127.0.0.1:9/v1",
      apiKey: "sk-none",
      local: createLocalModerator(),
      logger,
      timeoutMs: 1000,
    });
    expect(await nowhere.check("Peace be with you")).toEqual({ allowed: true });
    expect(await nowhere.check("my snap is samrocks")).toEqual({ allowed: false, category: "social" });
    expect(warnings).toHaveLength(1);
  });
});
