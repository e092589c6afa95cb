import { STATUS_CODES } from "node:http";
import OpenAI, { APIError } from "openai";
import { AiError } from "./types";

/** Where an OpenAI-compatible service lives: OpenAI, OpenRouter, Ollama, vLLM, LM Studio… */
export type OpenAiConnection = {
  /** e.g. https://api.openai.com/v1, https://openrouter.ai/api/v1, http://localhost:11434/v1 */
  baseUrl: string;
  /** Local servers (Ollama, LM Studio) need none. */
  apiKey?: string | undefined;
};

// The spec names the provider in its failure texts ('{provider} API error: …') by the service behind the URL.
const KNOWN_SERVICES: [domain: string, name: string][] = [
  ["openai.azure.com", "Azure OpenAI"],
  ["openai.com", "OpenAI"],
  ["openrouter.ai", "OpenRouter"],
  ["groq.com", "Groq"],
  ["mistral.ai", "Mistral"],
  ["together.xyz", "Together AI"],
  ["deepseek.com", "DeepSeek"],
  ["fireworks.ai", "Fireworks AI"],
];

/** A readable name for the service at `baseUrl`: "OpenAI", "OpenRouter"…, else its host (with port). */
export function providerNameFor(baseUrl: string): string {
  const url = new URL(baseUrl);
  const known = KNOWN_SERVICES.find(
    ([domain]) => url.hostname === domain || url.hostname.endsWith(`.${domain}`),
  );
  return known?.[1] ?? url.host;
}

/**
 * One SDK client. Everything the SDK would otherwise read from process.env (organisation, project, log
 * level) is pinned here, because env.ts is the only place that reads the environment. Retries are off:
 * a child is waiting, and the caller decides what a failure means. The SDK's own logging is off because
 * it would print to the console; our errors carry everything and the routes log them with pino.
 */
export function createOpenAiClient(connection: OpenAiConnection): OpenAI {
  return new OpenAI({
    baseURL: connection.baseUrl,
    // The SDK refuses to start without a key; servers that need none ignore this one.
    apiKey: connection.apiKey || "no-key",
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    maxRetries: 0,
    logLevel: "off",
  });
}

/**
 * The upstream's own words: the `error` of its answer ({"message": …} or a bare string), else the HTTP
 * status text, else `fallback`.
 */
export function upstreamMessage(error: unknown, status?: number, fallback = "Unknown error"): string {
  if (typeof error === "string" && error) return error;
  if (typeof error === "object" && error !== null && "message" in error) {
    if (typeof error.message === "string" && error.message) return error.message;
  }
  return (status ? STATUS_CODES[status] : undefined) ?? fallback;
}

/** Maps what the SDK throws to the spec's catalogue texts. Aborts and stalls are told apart by the caller. */
export function toAiError(error: unknown, provider: string): AiError {
  if (error instanceof AiError) return error;
  // The SDK rethrows JSON.parse's error for a chunk that is not JSON.
  if (error instanceof SyntaxError)
    return new AiError(
      `${provider} API error: the response could not be read (${error.message})`,
      "malformed",
    );
  if (error instanceof APIError)
    return new AiError(
      `${provider} API error: ${upstreamMessage(error.error, error.status, error.message)}`,
      "upstream",
      error.status,
    );
  const message = error instanceof Error ? error.message : String(error);
  return new AiError(`${provider} API error: ${message}`, "upstream");
}

export function describeDuration(ms: number): string {
  return ms === 1000 ? "1 second" : `${ms / 1000} seconds`;
}
