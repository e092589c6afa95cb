import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeOpenAi, startFakeOpenAi } from "../../test/fakes/openai";
import { createOpenAiImageGenerator } from "./image-openai";
import { AiError } from "./types";

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const prompt = "A gentle watercolor painting of Samuel listening in the temple at night.";
const generator = (options: { timeoutMs?: number; apiKey?: string; model?: string } = {}) =>
  createOpenAiImageGenerator({
    baseUrl: fake.baseUrl,
    apiKey: fake.apiKey,
    model: "gpt-image-1",
    providerName: "OpenAI",
    ...options,
  });
const generate = (image = generator(), signal = new AbortController().signal) =>
  image.generate(prompt, { signal, style: "watercolor" });

async function failure(promise: Promise<unknown>): Promise<AiError> {
  const error = await promise.then(
    () => new Error("expected the image generation to fail"),
    (caught: unknown) => caught,
  );
  if (error instanceof AiError) return error;
  throw error;
}

describe("OpenAI image generator", () => {
  it("sends the spec's request and returns the decoded PNG with the revised prompt", async () => {
    const image = generator();
    expect(image.provider).toBe("openai");
    const result = await generate(image);

    expect(result.revisedPrompt).toBe(`Revised: ${prompt}`);
    expect(await sharp(result.png).metadata()).toMatchObject({ format: "png", width: 8, height: 8 });
    const { data } = await sharp(result.png).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0xe8, 0xb0, 0x4a]);

    const request = fake.requests.at(-1);
    expect(request).toMatchObject({ method: "POST", path: "/v1/images/generations" });
    expect(request?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(request?.body).toEqual({
      model: "gpt-image-1",
      prompt,
      n: 1,
      size: "1024x1024",
      quality: "high",
      response_format: "b64_json",
    });
  });

  it("falls back to the prompt when the service gives no revised prompt", async () => {
    fake.behave("ok", { revisedPrompt: null });
    expect((await generate()).revisedPrompt).toBe(prompt);
  });

  it("stores a real PNG without metadata whatever format the service answered in", async () => {
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#3060c0" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "someone", ImageDescription: "GPS and all" } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    fake.behave("ok", { image: jpeg });
    const { png } = await generate();
    const metadata = await sharp(png).metadata();
    expect(metadata).toMatchObject({ format: "png", width: 4, height: 4 });
    expect(metadata.exif).toBeUndefined();
  });

  it.each([
    ["401", 401, "Incorrect API key provided"],
    ["429", 429, "Rate limit reached for gpt-4o-mini"],
    ["500", 500, "The server had an error while processing your request. Sorry about that!"],
  ] as const)("turns an HTTP %s into '{provider} API error: {message}'", async (mode, status, message) => {
    fake.behave(mode);
    const error = await failure(generate());
    expect(error).toMatchObject({ kind: "upstream", status });
    expect(error.message).toMatch(new RegExp(`^OpenAI API error: ${message}`));
    expect(fake.requests).toHaveLength(1);
  });

  it("is refused with a wrong key", async () => {
    const error = await failure(generate(generator({ apiKey: "sk-wrong" })));
    expect(error).toMatchObject({ kind: "upstream", status: 401 });
  });

  it("says 'No image data generated' when the answer holds no image", async () => {
    fake.behave("empty");
    expect(await failure(generate())).toMatchObject({ kind: "empty", message: "No image data generated" });
  });

  it("says 'Failed to convert image data' when the bytes are not an image", async () => {
    fake.behave("not-image");
    expect(await failure(generate())).toMatchObject({
      kind: "malformed",
      message: "Failed to convert image data",
    });
  });

  it("reports an answer that is not JSON as malformed", async () => {
    fake.behave("malformed");
    const error = await failure(generate());
    expect(error.kind).toBe("malformed");
    expect(error.message).toMatch(/^OpenAI API error: the response could not be read/);
  });

  it("retries once without response_format when the model refuses it, then stops sending it", async () => {
    fake.behave("reject-response-format");
    const image = generator();
    const result = await generate(image);
    expect(result.png.byteLength).toBeGreaterThan(0);
    expect(
      fake.requests.map((request) => (request.body as { response_format?: string }).response_format),
    ).toEqual(["b64_json", undefined]);
    await generate(image);
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests.at(-1)?.body).not.toHaveProperty("response_format");
  });

  it("gives up after timeoutMs and closes the upstream connection", async () => {
    fake.behave("stall");
    const started = performance.now();
    const error = await failure(generate(generator({ timeoutMs: 300 })));
    expect(error).toMatchObject({ kind: "stalled", message: "OpenAI API error: no image after 0.3 seconds" });
    expect(performance.now() - started).toBeLessThan(2000);
    await fake.waitForClosedConnections(1);
  });

  it("cancels the upstream request when the caller aborts", async () => {
    fake.behave("stall");
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    expect(await failure(generate(generator(), controller.signal))).toMatchObject({ kind: "aborted" });
    await fake.waitForClosedConnections(1);
  });
});
