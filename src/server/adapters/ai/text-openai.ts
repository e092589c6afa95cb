import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { createParser, type EventSourceMessage } from "eventsource-parser";
import {
  createOpenAiClient,
  describeDuration,
  type OpenAiConnection,
  providerNameFor,
  toAiError,
  upstreamMessage,
} from "./openai-client";
import { AI_STALL_TIMEOUT_MS, AiError, type ChatMessage, type TextGenerator } from "./types";

/** Spec: story text uses temperature 0.7 and at most 1000 tokens (the Q&A helper passes maxTokens 800). */
export const DEFAULT_TEMPERATURE = 0.7;
export const DEFAULT_MAX_TOKENS = 1000;

export type OpenAiTextOptions = OpenAiConnection & {
  model: string;
  /** No byte from the upstream for this long fails the stream; a whole completion gets no longer. */
  stallTimeoutMs?: number;
  /** The name in failure texts; by default derived from the base URL's host. */
  providerName?: string;
  /** Defaults for every call; a call may override them through its TextStreamOptions. */
  temperature?: number;
  maxTokens?: number;
};

/**
 * A silence timer that fires `onSilence` when nothing arrives for `ms`. It is paused while our caller
 * holds a piece, so a slow reader (a child's throttled connection) is not mistaken for a silent upstream.
 */
function createWatchdog(ms: number, onSilence: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let paused = false;
  let fired = false;
  const stop = () => clearTimeout(timer);
  return {
    get fired() {
      return fired;
    },
    touch() {
      stop();
      if (paused || fired) return;
      timer = setTimeout(() => {
        fired = true;
        onSilence();
      }, ms);
    },
    pause() {
      paused = true;
      stop();
    },
    resume() {
      paused = false;
      this.touch();
    },
    stop,
  };
}

/** Larger than any chunk of text a provider sends: an SSE event that grows past it is not one. */
const MAX_EVENT_CHARS = 1_000_000;
/** An error answer is a few hundred bytes of JSON; reading more would only hold memory. */
const MAX_ERROR_BODY_CHARS = 64 * 1024;

/**
 * POSTs the streamed request with Node's own HTTP client and resolves once the answer's headers are in.
 * Not the SDK's fetch: a child waits on this call before the first word, and from a local server fetch took
 * 0.46 ms to the headers at the median and 5.4 ms at p99 on this machine, node:http 0.15 and 0.55 ms. The
 * agents keep connections open between stories, as fetch's pool did.
 */
function postForStream(
  url: URL,
  agents: { http: HttpAgent; https: HttpsAgent },
  body: string,
  apiKey: string | undefined,
  signal: AbortSignal,
) {
  const secure = url.protocol === "https:";
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(body)),
    accept: "text/event-stream",
  };
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const options = { method: "POST", headers, signal, agent: secure ? agents.https : agents.http };
    const request = (secure ? httpsRequest : httpRequest)(url, options, resolve);
    request.on("error", reject);
    request.end(body);
  });
}

/** The upstream's refusal as it wrote it (an HTTP error status), read up to a bound. */
async function refusalOf(response: IncomingMessage, provider: string): Promise<AiError> {
  let text = "";
  response.setEncoding("utf8");
  for await (const chunk of response) {
    text += chunk;
    if (text.length > MAX_ERROR_BODY_CHARS) break;
  }
  response.destroy();
  // A proxy's HTML error page is not worth repeating: its status text says enough.
  let errorField: unknown;
  try {
    errorField = (JSON.parse(text) as { error?: unknown } | null)?.error;
  } catch {}
  const status = response.statusCode ?? 0;
  return new AiError(`${provider} API error: ${upstreamMessage(errorField, status)}`, "upstream", status);
}

const unreadable = (provider: string, why: string) =>
  new AiError(`${provider} API error: the response could not be read (${why})`, "malformed");

/**
 * The text of one streamed chunk. Some providers and proxies send chunks with empty or missing choices (usage,
 * keep-alives), whatever OpenAI's documentation says; only text counts. An error sent mid-stream, as
 * OpenRouter does when the model behind it fails, ends the stream with the provider's words.
 */
function contentOf(event: EventSourceMessage, provider: string): string | undefined {
  let chunk: { error?: unknown; choices?: { delta?: { content?: unknown } }[] };
  try {
    chunk = JSON.parse(event.data);
  } catch (error) {
    throw unreadable(provider, error instanceof Error ? error.message : String(error));
  }
  if (event.event === "error" || chunk?.error !== undefined)
    throw new AiError(`${provider} API error: ${upstreamMessage(chunk?.error ?? chunk)}`, "upstream");
  const content = chunk?.choices?.[0]?.delta?.content;
  return typeof content === "string" ? content : undefined;
}

/**
 * Real provider: streaming chat completions from any OpenAI-compatible endpoint.
 *
 * Failures throw AiError: `upstream` (HTTP error, with status, or an error sent mid-stream), `malformed`
 * (a chunk that is not JSON), `stalled` (no byte for stallTimeoutMs; the request is aborted), `empty`
 * (the stream ended without text) and `aborted` (the caller's signal fired; the HTTP request is cancelled
 * too). An abort throws rather than ending quietly so that no caller can mistake a cut-off text for a whole one.
 *
 * `complete` is the non-streaming call (spec §7, the share draft): the same failures, with `stalled` meaning
 * the whole answer took longer than stallTimeoutMs: a non-streamed answer sends no byte until it is done.
 */
export function createOpenAiTextGenerator(options: OpenAiTextOptions): TextGenerator {
  const provider = options.providerName ?? providerNameFor(options.baseUrl);
  const stallTimeoutMs = options.stallTimeoutMs ?? AI_STALL_TIMEOUT_MS;
  const stalled = () =>
    new AiError(`${provider} API error: no response for ${describeDuration(stallTimeoutMs)}`, "stalled");
  const aborted = () => new AiError(`${provider} request aborted`, "aborted");
  const client = createOpenAiClient(options);
  const completionsUrl = new URL(`${options.baseUrl.replace(/\/+$/, "")}/chat/completions`);
  const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

  /** The spec's request, streamed or not: a call's own temperature and length, else the generator's. */
  const chatRequest = (messages: ChatMessage[], temperature?: number, maxTokens?: number) => ({
    model: options.model,
    messages,
    temperature: temperature ?? options.temperature ?? DEFAULT_TEMPERATURE,
    max_tokens: maxTokens ?? options.maxTokens ?? DEFAULT_MAX_TOKENS,
  });

  return {
    provider: "openai",
    async complete(messages, { signal, temperature, maxTokens }) {
      if (signal.aborted) throw aborted();
      const upstream = new AbortController();
      const cancelUpstream = () => upstream.abort();
      signal.addEventListener("abort", cancelUpstream, { once: true });
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        upstream.abort();
      }, stallTimeoutMs);
      try {
        const completion = await client.chat.completions.create(
          chatRequest(messages, temperature, maxTokens),
          { signal: upstream.signal },
        );
        // As with streamed chunks, some providers leave out choices whatever the SDK's types say.
        const content = completion.choices?.[0]?.message?.content?.trim();
        if (!content) throw new AiError("No text generated", "empty");
        return content;
      } catch (error) {
        if (timedOut) throw stalled();
        if (signal.aborted) throw aborted();
        throw toAiError(error, provider);
      } finally {
        clearTimeout(timer);
        signal.removeEventListener("abort", cancelUpstream);
      }
    },
    async *stream(messages, { signal, temperature, maxTokens }) {
      if (signal.aborted) throw aborted();
      const upstream = new AbortController();
      const cancelUpstream = () => upstream.abort();
      signal.addEventListener("abort", cancelUpstream, { once: true });
      const watchdog = createWatchdog(stallTimeoutMs, cancelUpstream);
      try {
        watchdog.touch();
        const body = JSON.stringify({ ...chatRequest(messages, temperature, maxTokens), stream: true });
        const response = await postForStream(completionsUrl, agents, body, options.apiKey, upstream.signal);
        watchdog.touch();
        if (response.statusCode !== 200) throw await refusalOf(response, provider);

        // Every byte counts as life, the comments a provider sends while its model warms up (OpenRouter's
        // ": OPENROUTER PROCESSING") included; only the text in `data` events is read.
        const events: EventSourceMessage[] = [];
        const parser = createParser({
          maxBufferSize: MAX_EVENT_CHARS,
          onEvent: (event) => events.push(event),
          // Unknown fields and bad retry hints are ignored, as a browser would; only a runaway event fails.
          onError: (error) => {
            if (error.type === "max-buffer-size-exceeded") throw unreadable(provider, error.message);
          },
        });
        response.setEncoding("utf8");
        let produced = false;
        let finished = false;
        for await (const chunk of response) {
          watchdog.touch();
          if (finished) continue;
          parser.feed(chunk);
          for (const event of events.splice(0)) {
            if (event.data === "[DONE]") {
              finished = true;
              break;
            }
            const content = contentOf(event, provider);
            if (!content) continue;
            produced = true;
            watchdog.pause();
            yield content;
            watchdog.resume();
          }
        }
        // A request cut off by the watchdog or the caller may end its body quietly: the loop ending is not
        // proof that the upstream finished.
        if (watchdog.fired) throw stalled();
        if (signal.aborted) throw aborted();
        if (!produced) throw new AiError("No text generated", "empty");
      } catch (error) {
        if (watchdog.fired) throw stalled();
        if (signal.aborted) throw aborted();
        // Node's network failures carry a code (ECONNREFUSED, ECONNRESET, ENOTFOUND…): the SDK's words for them.
        if (error instanceof Error && "code" in error)
          throw new AiError(`${provider} API error: Connection error.`, "upstream");
        throw toAiError(error, provider);
      } finally {
        watchdog.stop();
        signal.removeEventListener("abort", cancelUpstream);
        // Also covers a caller that stops reading early (break): the connection is released, not left open.
        upstream.abort();
      }
    },
  };
}
