import { AsyncLocalStorage } from "node:async_hooks";
import {
  createOpenAiClient,
  describeDuration,
  type OpenAiConnection,
  providerNameFor,
  toAiError,
} from "./openai-client";
import { AI_STALL_TIMEOUT_MS, AiError, type TextGenerator } from "./types";

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

/** The byte watch of the stream whose request is being made; none for a call that is not streamed. */
const byteWatch = new AsyncLocalStorage<() => void>();

/**
 * A fetch that reports every byte of a streamed response body as it arrives. The SDK only shows us whole
 * chunks, but a provider that sends SSE comments while a model warms up (OpenRouter does) is not stalled.
 * The watch comes through `byteWatch` rather than a client per call: building the SDK's client for every
 * generation cost a fifth of a millisecond before its first word.
 */
const fetchReportingBytes: typeof fetch = async (input, init) => {
  const onBytes = byteWatch.getStore();
  const response = await fetch(input, init);
  if (!onBytes) return response;
  onBytes();
  if (!response.body) return response;
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        onBytes();
        controller.enqueue(chunk);
      },
    }),
  );
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
};

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
  const client = createOpenAiClient(options, fetchReportingBytes);

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
          {
            model: options.model,
            messages,
            temperature: temperature ?? options.temperature ?? DEFAULT_TEMPERATURE,
            max_tokens: maxTokens ?? options.maxTokens ?? DEFAULT_MAX_TOKENS,
          },
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
        // The request is made inside the run, so the fetch above finds this stream's watchdog.
        const chunks = await byteWatch.run(
          () => watchdog.touch(),
          () =>
            client.chat.completions.create(
              {
                model: options.model,
                messages,
                temperature: temperature ?? options.temperature ?? DEFAULT_TEMPERATURE,
                max_tokens: maxTokens ?? options.maxTokens ?? DEFAULT_MAX_TOKENS,
                stream: true,
              },
              { signal: upstream.signal },
            ),
        );
        let produced = false;
        for await (const chunk of chunks) {
          // Some providers and proxies send chunks with empty or missing choices (usage, keep-alives),
          // whatever the SDK's types say; only text counts.
          const content = chunk.choices?.[0]?.delta?.content;
          if (!content) continue;
          produced = true;
          watchdog.pause();
          yield content;
          watchdog.resume();
        }
        // The SDK ends its stream quietly when the request is aborted, so the loop ending is not proof
        // that the upstream finished.
        if (watchdog.fired) throw stalled();
        if (signal.aborted) throw aborted();
        if (!produced) throw new AiError("No text generated", "empty");
      } catch (error) {
        if (watchdog.fired) throw stalled();
        if (signal.aborted) throw aborted();
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
