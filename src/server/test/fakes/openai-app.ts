import { createOpenAiTextGenerator } from "../../adapters/ai/text-openai";
import { createTestApp } from "../harness";
import { FAKE_OPENAI_KEY, startFakeOpenAi } from "./openai";

/**
 * The app with its text AI pointed at a fake OpenAI on 127.0.0.1 (a short stall limit, so a stalled answer
 * fails within the test). Close both when done.
 */
export async function createAppWithFakeOpenAi() {
  const fake = await startFakeOpenAi();
  const app = await createTestApp({
    ai: {
      text: createOpenAiTextGenerator({
        baseUrl: fake.baseUrl,
        apiKey: FAKE_OPENAI_KEY,
        model: "gpt-test",
        stallTimeoutMs: 300,
      }),
    },
  });
  return {
    fake,
    app,
    close: async () => {
      await app.close();
      await fake.close();
    },
  };
}
