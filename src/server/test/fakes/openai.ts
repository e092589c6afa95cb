import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { createWaitableCounter } from "./counter";

/**
 * A small OpenAI of our own on 127.0.0.1, speaking its wire format, for the AI adapters, the stories API
 * tests and the latency bench:
 *
 * - `POST /v1/chat/completions`: with `"stream": true`, server-sent `chat.completion.chunk` events
 *   (a role chunk, one chunk per word, a `finish_reason: "stop"` chunk, then `data: [DONE]`); otherwise
 *   one `chat.completion` object.
 * - `POST /v1/images/generations`: `{ created, data: [{ b64_json, revised_prompt }] }` holding a real PNG.
 * - `POST /v1/moderations`: `{ id, model, results: [{ flagged, categories, category_scores, … }] }`, flagged
 *   when the `flagged` option says so or the input contains `flagWord`.
 * - Errors as OpenAI sends them: `{ "error": { "message", "type", "param", "code" } }`.
 * - `Authorization: Bearer <apiKey>` is checked on every request; anything else is a 401.
 *
 * Usage:
 * ```ts
 * const fake = await startFakeOpenAi();            // apiKey "sk-fake-test-key" unless given
 * createOpenAiTextGenerator({ baseUrl: fake.baseUrl, apiKey: fake.apiKey, model: "gpt-4o-mini" });
 * fake.behave("429");                              // every following request, until the next behave()
 * fake.behave("ok", { text: "In the beginning…" });
 * fake.requests.at(-1)?.body                       // the parsed JSON the adapter sent
 * await fake.waitForClosedConnections(1);          // a client went away mid-answer
 * await fake.close();
 * ```
 */
export type FakeOpenAiMode =
  /** Text streamed word by word; a real PNG for images. */
  | "ok"
  /** OpenAI's error bodies with these statuses. */
  | "401"
  | "429"
  | "500"
  /** Chat: the role chunk and one word, then a chunk that is not JSON. Images, moderations: a body that is not JSON. */
  | "malformed"
  /** Chat: the headers and the first words, then nothing. Images, moderations: take the request, never answer. */
  | "stall"
  /** Chat: only `data: [DONE]` (no choices when not streaming). Images: `data: []`. Moderations: `results: []`. */
  | "empty"
  /** Images: b64_json of bytes that are not an image. Chat answers as "ok". */
  | "not-image"
  /** Chat: one word, then `data: {"error":…}` as OpenRouter sends when its provider fails mid-stream. */
  | "error-chunk"
  /** Images: a 400 "Unknown parameter: 'response_format'" when it is sent, as gpt-image models answer. */
  | "reject-response-format";

export type FakeOpenAiOptions = {
  /** The chat answer (default FAKE_OPENAI_TEXT). */
  text?: string;
  /** Pause between streamed chunks after the first word (default 0), e.g. to act mid-stream or mimic a model. */
  chunkDelayMs?: number;
  /** Pause before answering at all (default 0), e.g. to mimic a model's time to first token. */
  firstByteDelayMs?: number;
  /**
   * Chat: SSE comments sent before the first chunk, one per chunkDelayMs (default 0), as OpenRouter sends
   * `: OPENROUTER PROCESSING` while a model warms up.
   */
  processingComments?: number;
  /** The images answer's revised_prompt; null leaves it out. Default `Revised: <prompt>`. */
  revisedPrompt?: string | null;
  /** The bytes "ok" image answers carry (default: `png`, an 8×8 PNG), e.g. a JPEG some services send. */
  image?: Uint8Array;
  /** Moderations: flag every input (default false). */
  flagged?: boolean;
  /**
   * Chat, not streamed: these answers in turn, one per request (then `text`), e.g. so that two requests at
   * once get different answers.
   */
  answers?: string[];
};

export type FakeOpenAiRequest = {
  method: string;
  /** e.g. /v1/chat/completions */
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (the raw text when it was not JSON). */
  body: unknown;
};

export const FAKE_OPENAI_KEY = "sk-fake-test-key";
/** Moderations flag any input containing this word, whatever the options, as a model flags what it finds. */
export const FAKE_OPENAI_FLAG_WORD = "flagme";
export const FAKE_OPENAI_TEXT =
  '**In the beginning** God created the heavens and the earth.\n\nAnd God said, "Let there be light," and there was light.';

type ErrorBody = {
  status: number;
  error: { message: string; type: string; param: string | null; code: string | null };
};

const ERRORS = {
  "401": {
    status: 401,
    error: {
      message:
        "Incorrect API key provided: sk-wrong. You can find your API key at https://platform.openai.com/account/api-keys.",
      type: "invalid_request_error",
      param: null,
      code: "invalid_api_key",
    },
  },
  "429": {
    status: 429,
    error: {
      message:
        "Rate limit reached for gpt-4o-mini in organization org-fake on requests per min (RPM): Limit 3, Used 3, Requested 1.",
      type: "requests",
      param: null,
      code: "rate_limit_exceeded",
    },
  },
  "500": {
    status: 500,
    error: {
      message: "The server had an error while processing your request. Sorry about that!",
      type: "server_error",
      param: null,
      code: null,
    },
  },
  responseFormat: {
    status: 400,
    error: {
      message: "Unknown parameter: 'response_format'.",
      type: "invalid_request_error",
      param: "response_format",
      code: "unknown_parameter",
    },
  },
} satisfies Record<string, ErrorBody>;

/** The words of `text`, each with the whitespace before it, as a model's tokens arrive; they rejoin exactly. */
function wordsOf(text: string): string[] {
  return text.match(/\s*\S+|\s+$/g) ?? [];
}

function field(body: unknown, name: string): unknown {
  return typeof body === "object" && body !== null && name in body
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

export async function startFakeOpenAi({ apiKey = FAKE_OPENAI_KEY, text = FAKE_OPENAI_TEXT } = {}) {
  const requests: FakeOpenAiRequest[] = [];
  const defaults: FakeOpenAiOptions & { text: string; chunkDelayMs: number; firstByteDelayMs: number } = {
    text,
    chunkDelayMs: 0,
    firstByteDelayMs: 0,
  };
  let mode: FakeOpenAiMode = "ok";
  let options = { ...defaults };
  const closedConnections = createWaitableCounter("closed connections");
  let closing = false;
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#e8b04a" } })
    .png()
    .toBuffer();
  // Not an image in any format sharp knows, and the same every run.
  const notImage = Buffer.from(Array.from({ length: 256 }, (_, index) => (index * 73 + 41) % 251));

  const json = (response: ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  const fail = (response: ServerResponse, { status, error }: ErrorBody) => json(response, status, { error });
  const later = (ms: number, action: () => void) => (ms > 0 ? setTimeout(action, ms) : setImmediate(action));

  function streamChat(response: ServerResponse, model: string) {
    const id = `chatcmpl-fake${requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    const chunk = (delta: object, finishReason: string | null = null) =>
      `data: ${JSON.stringify({
        id,
        object: "chat.completion.chunk",
        created,
        model,
        system_fingerprint: "fp_fake",
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      })}\n\n`;
    response.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
    if (mode === "empty") return void response.end("data: [DONE]\n\n");

    const words = wordsOf(options.text);
    const events = [
      chunk({ role: "assistant", content: "" }),
      ...words.map((word) => chunk({ content: word })),
    ];
    if (mode === "stall") {
      // The first words, then silence with the connection held open.
      response.write(events.slice(0, 2).join(""));
      return;
    }
    if (mode === "malformed") {
      events.splice(
        2,
        Infinity,
        `data: {"id":"${id}","object":"chat.completion.chunk","choices":[{"delta":{"content":\n\n`,
      );
    } else if (mode === "error-chunk") {
      events.splice(
        2,
        Infinity,
        `data: ${JSON.stringify({ error: { message: "Provider returned error", code: 502 } })}\n\n`,
      );
    } else {
      events.push(chunk({}, "stop"), "data: [DONE]\n\n");
    }
    // The role chunk and the first word go together, as a model's first token follows its role at once.
    events.splice(0, 2, events.slice(0, 2).join(""));
    events.unshift(...Array<string>(options.processingComments ?? 0).fill(": OPENROUTER PROCESSING\n\n"));
    let next = 0;
    const sendNext = () => {
      if (response.destroyed) return;
      const event = events[next++];
      if (event === undefined) return void response.end();
      response.write(event);
      later(options.chunkDelayMs, sendNext);
    };
    sendNext();
  }

  function answerChat(response: ServerResponse, body: unknown) {
    const model = String(field(body, "model"));
    if (field(body, "stream") === true) return streamChat(response, model);
    if (mode === "stall") return;
    if (mode === "malformed")
      return void response.writeHead(200, { "content-type": "application/json" }).end("{");
    json(response, 200, {
      id: `chatcmpl-fake${requests.length}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model,
      choices:
        mode === "empty"
          ? []
          : [
              {
                index: 0,
                message: { role: "assistant", content: options.answers?.shift() ?? options.text },
                logprobs: null,
                finish_reason: "stop",
              },
            ],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    });
  }

  function answerImage(response: ServerResponse, body: unknown) {
    if (mode === "stall") return;
    if (mode === "malformed")
      return void response.writeHead(200, { "content-type": "application/json" }).end("{");
    if (mode === "reject-response-format" && field(body, "response_format") !== undefined)
      return fail(response, ERRORS.responseFormat);
    const prompt = String(field(body, "prompt"));
    const revisedPrompt = options.revisedPrompt === undefined ? `Revised: ${prompt}` : options.revisedPrompt;
    const image = {
      b64_json: Buffer.from(mode === "not-image" ? notImage : (options.image ?? png)).toString("base64"),
      ...(revisedPrompt === null ? {} : { revised_prompt: revisedPrompt }),
    };
    json(response, 200, { created: Math.floor(Date.now() / 1000), data: mode === "empty" ? [] : [image] });
  }

  function answerModeration(response: ServerResponse, body: unknown) {
    if (mode === "stall") return;
    if (mode === "malformed")
      return void response.writeHead(200, { "content-type": "application/json" }).end("{");
    const input = field(body, "input");
    const inputs = Array.isArray(input) ? input.map(String) : [String(input)];
    const categories = ["harassment", "hate", "self-harm", "sexual", "sexual/minors", "violence"];
    json(response, 200, {
      id: `modr-fake${requests.length}`,
      model: String(field(body, "model")),
      results:
        mode === "empty"
          ? []
          : inputs.map((text) => {
              const flagged = options.flagged === true || text.toLowerCase().includes(FAKE_OPENAI_FLAG_WORD);
              return {
                flagged,
                categories: Object.fromEntries(
                  categories.map((name) => [name, flagged && name === "harassment"]),
                ),
                category_scores: Object.fromEntries(
                  categories.map((name) => [name, flagged && name === "harassment" ? 0.97 : 0.0001]),
                ),
                category_applied_input_types: Object.fromEntries(categories.map((name) => [name, ["text"]])),
              };
            }),
    });
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = new URL(request.url ?? "/", "http://x").pathname;
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {}
      requests.push({ method: request.method ?? "", path, headers: request.headers, body });

      // A client that goes away before we finished answering (an abort, a stall timeout).
      response.on("close", () => {
        if (response.writableFinished || closing) return;
        closedConnections.add();
      });

      later(options.firstByteDelayMs, () => {
        if (response.destroyed) return;
        if (request.headers.authorization !== `Bearer ${apiKey}` || mode === "401")
          return fail(response, ERRORS["401"]);
        if (mode === "429" || mode === "500") return fail(response, ERRORS[mode]);
        const route = `${request.method} ${path}`;
        if (route === "POST /v1/chat/completions") {
          if (typeof field(body, "model") !== "string" || !Array.isArray(field(body, "messages")))
            return fail(response, badRequest("'model' and 'messages' are required."));
          return answerChat(response, body);
        }
        if (route === "POST /v1/images/generations") {
          if (typeof field(body, "model") !== "string" || typeof field(body, "prompt") !== "string")
            return fail(response, badRequest("'model' and 'prompt' are required."));
          return answerImage(response, body);
        }
        if (route === "POST /v1/moderations") {
          const input = field(body, "input");
          if (typeof input !== "string" && !Array.isArray(input))
            return fail(response, badRequest("'input' is required."));
          return answerModeration(response, body);
        }
        fail(response, badRequest(`Invalid URL (${route})`, 404));
      });
    });
  });

  let openedConnections = 0;
  server.on("connection", () => {
    openedConnections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** Give this to the SDK as baseURL: http://127.0.0.1:<port>/v1 */
    baseUrl: `${origin}/v1`,
    /** The key it accepts. */
    apiKey,
    /** Every request, in order. */
    requests,
    /** The PNG that "ok" image answers carry (8×8, #e8b04a). */
    png,
    /** How the following requests are answered, until the next call; options not given return to defaults. */
    behave(next: FakeOpenAiMode, nextOptions: FakeOpenAiOptions = {}) {
      mode = next;
      // A copy of the answers: they are used up in turn, and the caller's list stays as it was.
      options = { ...defaults, ...nextOptions, answers: nextOptions.answers && [...nextOptions.answers] };
    },
    get mode() {
      return mode;
    },
    /** TCP connections clients opened since start: fewer than requests when connections are kept open. */
    get openedConnections() {
      return openedConnections;
    },
    /** Requests whose client closed the connection before the answer was complete. */
    get closedConnections() {
      return closedConnections.value;
    },
    /** Resolves once `count` clients in all have closed their connection mid-answer. */
    waitForClosedConnections: (count: number, timeoutMs?: number) =>
      closedConnections.waitFor(count, timeoutMs),
    /** Back to "ok" with the default options, no recorded requests and no closed connections. */
    reset() {
      requests.length = 0;
      closedConnections.reset();
      mode = "ok";
      options = { ...defaults };
    },
    close(): Promise<void> {
      closing = true;
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function badRequest(message: string, status = 400): ErrorBody {
  return { status, error: { message, type: "invalid_request_error", param: null, code: null } };
}

export type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;
