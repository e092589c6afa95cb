import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOpenAi, startFakeOpenAi } from "../../test/fakes/openai";
import { createAiServices } from "./index";

describe("AI services", () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(() => fake.close());

  it("answers from the offline library when no AI_BASE_URL is set", () => {
    const ai = createAiServices({ aiModel: "gpt-4o-mini", aiImageModel: "gpt-image-1" });
    expect([ai.text.provider, ai.image.provider]).toEqual(["library", "library"]);
  });

  it("uses the OpenAI-compatible service at AI_BASE_URL with the configured models", async () => {
    const ai = createAiServices({
      aiBaseUrl: fake.baseUrl,
      aiApiKey: fake.apiKey,
      aiModel: "story-model",
      aiImageModel: "picture-model",
    });
    expect([ai.text.provider, ai.image.provider]).toEqual(["openai", "openai"]);
    let text = "";
    for await (const piece of ai.text.stream([{ role: "user", content: "Hi" }], {
      signal: AbortSignal.timeout(5000),
    }))
      text += piece;
    expect(text.length).toBeGreaterThan(0);
    await ai.image.generate("A lamp", { signal: AbortSignal.timeout(5000), style: "modern" });
    expect(fake.requests.map((request) => (request.body as { model: string }).model)).toEqual([
      "story-model",
      "picture-model",
    ]);
  });
});
