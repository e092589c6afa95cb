import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeOpenAi, startFakeOpenAi } from "../../test/fakes/openai";
import { providerNameFor } from "./openai-client";
import { createOpenAiTextGenerator } from "./text-openai";
import { AiError, type ChatMessage } from "./types";

const messages: ChatMessage[] = [
  { role: "system", content: "You are a warm teacher of Bible stories for children aged 7 to 18." },
  { role: "user", content: "Tell the story of Samuel hearing God's call." },
];
const answer = 'Samuel heard a voice in the night: "Samuel!"\n\n**He ran to Eli.** Try: listen quietly. ';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const generator = (options: { stallTimeoutMs?: number; apiKey?: string; providerName?: string } = {}) =>
  createOpenAiTextGenerator({ baseUrl: fake.baseUrl, apiKey: fake.apiKey, model: "gpt-4o-mini", ...options });

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of iterable) pieces.push(piece);
  return pieces;
}

/** The pieces read before the stream failed, and the error it failed with. */
async function collectFailure(
  iterable: AsyncIterable<string>,
): Promise<{ pieces: string[]; error: AiError }> {
  const pieces: string[] = [];
  try {
    for await (const piece of iterable) pieces.push(piece);
  } catch (error) {
    if (error instanceof AiError) return { pieces, error };
    throw error;
  }
  throw new Error(`expected the stream to fail; it gave ${JSON.stringify(pieces.join(""))}`);
}

const signal = () => new AbortController().signal;

/** A one-off upstream that answers every request with `answer`, for wire details the fake does not cover. */
async function startRawServer(answer: (response: ServerResponse) => Promise<void>) {
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => void answer(response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe("OpenAI text generator", () => {
  it("streams choices[0].delta.content and sends the spec's request", async () => {
    fake.behave("ok", { text: answer });
    const text = generator();
    expect(text.provider).toBe("openai");
    const pieces = await collect(text.stream(messages, { signal: signal(), libraryText: "not used" }));
    expect(pieces.join("")).toBe(answer);
    expect(pieces.length).toBeGreaterThan(5);

    const request = fake.requests.at(-1);
    expect(request).toMatchObject({ method: "POST", path: "/v1/chat/completions" });
    expect(request?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(request?.body).toEqual({
      model: "gpt-4o-mini",
      messages,
      temperature: 0.7,
      max_tokens: 1000,
      stream: true,
    });
  });

  it("lets a call override max_tokens and temperature (the Q&A helper uses 800)", async () => {
    await collect(generator().stream(messages, { signal: signal(), maxTokens: 800 }));
    expect(fake.requests.at(-1)?.body).toMatchObject({ max_tokens: 800, temperature: 0.7 });
    const custom = createOpenAiTextGenerator({
      baseUrl: fake.baseUrl,
      apiKey: fake.apiKey,
      model: "m",
      temperature: 0.2,
      maxTokens: 50,
    });
    await collect(custom.stream(messages, { signal: signal() }));
    expect(fake.requests.at(-1)?.body).toMatchObject({ model: "m", max_tokens: 50, temperature: 0.2 });
  });

  it.each([
    ["401", 401, "Incorrect API key provided"],
    ["429", 429, "Rate limit reached for gpt-4o-mini"],
    ["500", 500, "The server had an error while processing your request. Sorry about that!"],
  ] as const)("turns an HTTP %s into '{provider} API error: {message}'", async (mode, status, message) => {
    fake.behave(mode);
    const { pieces, error } = await collectFailure(
      generator({ providerName: "OpenAI" }).stream(messages, { signal: signal() }),
    );
    expect(pieces).toEqual([]);
    expect(error).toMatchObject({ kind: "upstream", status });
    expect(error.message).toMatch(new RegExp(`^OpenAI API error: ${message}`));
    expect(fake.requests).toHaveLength(1); // no retries: a child is waiting
  });

  it("is refused with a wrong key, as the fake checks the Bearer header", async () => {
    const { error } = await collectFailure(
      generator({ apiKey: "sk-wrong" }).stream(messages, { signal: signal() }),
    );
    expect(error).toMatchObject({ kind: "upstream", status: 401 });
    expect(error.message).toMatch(/^127\.0\.0\.1:\d+ API error: Incorrect API key provided/);
    expect(fake.requests.at(-1)?.headers.authorization).toBe("Bearer sk-wrong");
  });

  it("reports a chunk that is not JSON as malformed", async () => {
    fake.behave("malformed", { text: answer });
    const { pieces, error } = await collectFailure(generator().stream(messages, { signal: signal() }));
    expect(pieces).toEqual(["Samuel"]);
    expect(error.kind).toBe("malformed");
    expect(error.message).toMatch(/^127\.0\.0\.1:\d+ API error: /);
  });

  it("reports an error the provider sends mid-stream", async () => {
    fake.behave("error-chunk", { text: answer });
    const { pieces, error } = await collectFailure(
      generator({ providerName: "OpenRouter" }).stream(messages, { signal: signal() }),
    );
    expect(pieces).toEqual(["Samuel"]);
    expect(error).toMatchObject({
      kind: "upstream",
      message: "OpenRouter API error: Provider returned error",
    });
  });

  it("fails with 'No text generated' when the stream ends without text", async () => {
    fake.behave("empty");
    const { error } = await collectFailure(generator().stream(messages, { signal: signal() }));
    expect(error).toMatchObject({ kind: "empty", message: "No text generated" });
    fake.behave("ok", { text: "" });
    const { error: noWords } = await collectFailure(generator().stream(messages, { signal: signal() }));
    expect(noWords).toMatchObject({ kind: "empty", message: "No text generated" });
  });

  it("gives up on a stream that goes silent, and closes the upstream connection", async () => {
    fake.behave("stall", { text: answer });
    const started = performance.now();
    const { pieces, error } = await collectFailure(
      generator({ stallTimeoutMs: 300, providerName: "OpenAI" }).stream(messages, { signal: signal() }),
    );
    expect(pieces).toEqual(["Samuel"]);
    expect(error).toMatchObject({
      kind: "stalled",
      message: "OpenAI API error: no response for 0.3 seconds",
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    await fake.waitForClosedConnections(1);
  });

  it("counts silence before the headers as a stall too", async () => {
    fake.behave("ok", { firstByteDelayMs: 2000 });
    const started = performance.now();
    const { error } = await collectFailure(
      generator({ stallTimeoutMs: 300 }).stream(messages, { signal: signal() }),
    );
    expect(error.kind).toBe("stalled");
    expect(performance.now() - started).toBeLessThan(1500);
    await fake.waitForClosedConnections(1);
  });

  it("counts the comments a provider sends while its model warms up as bytes, not silence", async () => {
    // Half a second of comments before the first word, each well inside the stall timeout.
    fake.behave("ok", { text: "one two", processingComments: 5, chunkDelayMs: 100 });
    const pieces = await collect(generator({ stallTimeoutMs: 250 }).stream(messages, { signal: signal() }));
    expect(pieces.join("")).toBe("one two");
  });

  it("does not count a slow reader as a stalled upstream", async () => {
    fake.behave("ok", { text: "one two three" });
    const pieces: string[] = [];
    // The reader holds each piece longer than the stall timeout; the upstream itself was never silent.
    for await (const piece of generator({ stallTimeoutMs: 150 }).stream(messages, { signal: signal() })) {
      pieces.push(piece);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(pieces.join("")).toBe("one two three");
  });

  it("cancels the upstream request when the caller aborts mid-stream", async () => {
    fake.behave("ok", { text: answer, chunkDelayMs: 1000 });
    const controller = new AbortController();
    const pieces: string[] = [];
    const reading = collectFailure(
      (async function* () {
        for await (const piece of generator().stream(messages, { signal: controller.signal })) {
          pieces.push(piece);
          controller.abort();
          yield piece;
        }
      })(),
    );
    const { error } = await reading;
    expect(error).toMatchObject({ kind: "aborted" });
    expect(pieces).toEqual(["Samuel"]);
    await fake.waitForClosedConnections(1);
  });

  it("cancels the upstream request when the caller aborts before the first byte", async () => {
    fake.behave("stall");
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const { error } = await collectFailure(generator().stream(messages, { signal: controller.signal }));
    expect(error.kind).toBe("aborted");
    await fake.waitForClosedConnections(1);
  });

  it("does not call the upstream when the signal has already fired", async () => {
    const { error } = await collectFailure(generator().stream(messages, { signal: AbortSignal.abort() }));
    expect(error.kind).toBe("aborted");
    expect(fake.requests).toHaveLength(0);
  });

  it("releases the connection when the caller stops reading early", async () => {
    fake.behave("ok", { text: answer, chunkDelayMs: 1000 });
    for await (const piece of generator().stream(messages, { signal: signal() })) {
      expect(piece).toBe("Samuel");
      break;
    }
    await fake.waitForClosedConnections(1);
  });

  it("keeps its connection open from one story to the next", async () => {
    fake.behave("ok", { text: "one two" });
    const text = generator();
    const before = fake.openedConnections;
    for (let story = 0; story < 3; story++)
      expect((await collect(text.stream(messages, { signal: signal() }))).join("")).toBe("one two");
    expect(fake.openedConnections - before).toBe(1);
  });

  it("reads words and characters that arrive split across packets", async () => {
    const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;
    const bytes = Buffer.from(`${chunk("Noé")}${chunk(" 🌈")}data: [DONE]\n\n`);
    // Cut inside "é", inside the rainbow, and inside the `data:` lines themselves.
    const cuts = [bytes.indexOf("é") + 1, bytes.indexOf("🌈") + 2, bytes.length - 5];
    const server = await startRawServer(async (response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      let from = 0;
      for (const cut of [...cuts, bytes.length]) {
        response.write(bytes.subarray(from, cut));
        from = cut;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      response.end();
    });
    try {
      const text = createOpenAiTextGenerator({ baseUrl: server.baseUrl, model: "m" });
      expect((await collect(text.stream(messages, { signal: signal() }))).join("")).toBe("Noé 🌈");
    } finally {
      await server.close();
    }
  });

  it("names a refusal that is not JSON (a proxy's error page) by its status", async () => {
    const server = await startRawServer(async (response) => {
      response.writeHead(502, { "content-type": "text/html" }).end("<html><h1>502 Bad Gateway</h1></html>");
    });
    try {
      const text = createOpenAiTextGenerator({ baseUrl: server.baseUrl, model: "m", providerName: "Groq" });
      const { error } = await collectFailure(text.stream(messages, { signal: signal() }));
      expect(error).toMatchObject({ kind: "upstream", status: 502, message: "Groq API error: Bad Gateway" });
    } finally {
      await server.close();
    }
  });

  it("reports an unreachable service as an upstream error", async () => {
    const closed = await startFakeOpenAi();
    await closed.close();
    const text = createOpenAiTextGenerator({
      baseUrl: closed.baseUrl,
      apiKey: "k",
      model: "m",
      providerName: "Ollama",
    });
    const { error } = await collectFailure(text.stream(messages, { signal: signal() }));
    expect(error).toMatchObject({ kind: "upstream", message: "Ollama API error: Connection error." });
  });
});

describe("OpenAI text completion (not streamed)", () => {
  const draft = "I learned God keeps his promises, just like the rainbow after the flood! 🌈🙏";

  it("reads choices[0].message.content and sends a non-streaming request", async () => {
    fake.behave("ok", { text: `  ${draft}\n` });
    const text = await generator().complete(messages, { signal: signal(), maxTokens: 100, temperature: 0.7 });
    expect(text).toBe(draft);
    const request = fake.requests.at(-1);
    expect(request).toMatchObject({ method: "POST", path: "/v1/chat/completions" });
    expect(request?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(request?.body).toEqual({ model: "gpt-4o-mini", messages, temperature: 0.7, max_tokens: 100 });
  });

  it.each([
    ["401", 401, "Incorrect API key provided"],
    ["500", 500, "The server had an error while processing your request. Sorry about that!"],
  ] as const)("turns an HTTP %s into '{provider} API error: {message}'", async (mode, status, message) => {
    fake.behave(mode);
    const error = await generator({ providerName: "OpenAI" })
      .complete(messages, { signal: signal() })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AiError);
    expect(error).toMatchObject({ kind: "upstream", status });
    expect((error as AiError).message).toMatch(new RegExp(`^OpenAI API error: ${message}`));
    expect(fake.requests).toHaveLength(1);
  });

  it("fails with 'No text generated' without choices or with only whitespace", async () => {
    for (const [mode, text] of [
      ["empty", undefined],
      ["ok", " \n "],
    ] as const) {
      fake.behave(mode, { text });
      const error = await generator()
        .complete(messages, { signal: signal() })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AiError);
      expect(error).toMatchObject({ kind: "empty", message: "No text generated" });
    }
  });

  it("reports an answer that is not JSON as malformed", async () => {
    fake.behave("malformed");
    const error = await generator()
      .complete(messages, { signal: signal() })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: "AiError", kind: "malformed" });
  });

  it("gives up when the whole answer takes too long, and closes the upstream connection", async () => {
    fake.behave("stall");
    const started = performance.now();
    const error = await generator({ stallTimeoutMs: 300, providerName: "OpenAI" })
      .complete(messages, { signal: signal() })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      kind: "stalled",
      message: "OpenAI API error: no response for 0.3 seconds",
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    await fake.waitForClosedConnections(1);
  });

  it("cancels the upstream request when the caller aborts, and never calls with a fired signal", async () => {
    fake.behave("stall");
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await generator()
      .complete(messages, { signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: "aborted" });
    await fake.waitForClosedConnections(1);

    fake.reset();
    const early = await generator()
      .complete(messages, { signal: AbortSignal.abort() })
      .catch((caught: unknown) => caught);
    expect(early).toMatchObject({ kind: "aborted" });
    expect(fake.requests).toHaveLength(0);
  });
});

describe("provider names", () => {
  it("names well-known services and otherwise shows the host", () => {
    expect(providerNameFor("https://api.openai.com/v1")).toBe("OpenAI");
    expect(providerNameFor("https://openrouter.ai/api/v1")).toBe("OpenRouter");
    expect(providerNameFor("https://my-east.openai.azure.com/openai")).toBe("Azure OpenAI");
    expect(providerNameFor("http://localhost:11434/v1")).toBe("localhost:11434");
    expect(providerNameFor("https://llm.church.example/v1")).toBe("llm.church.example");
  });
});
