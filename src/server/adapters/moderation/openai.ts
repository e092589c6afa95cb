import type { Logger } from "pino";
import { createOpenAiClient, type OpenAiConnection, providerNameFor, toAiError } from "../ai/openai-client";
import type { ModerationVerdict, TextModerator } from "./types";

export const MODERATION_MODEL = "omni-moderation-latest";
/** A child is waiting to see their message sent; past this the local check alone decides. */
export const MODERATION_TIMEOUT_MS = 5000;

export type OpenAiModeratorOptions = OpenAiConnection & {
  /** Asked first; what it refuses stays refused whatever the provider says or whether it answers. */
  local: TextModerator;
  timeoutMs?: number;
  model?: string;
  /** Where an unreachable provider is reported; silent without one. */
  logger?: Logger;
};

/**
 * Real provider (MODERATION=openai): the local word list and patterns, then the provider's moderation endpoint
 * for what a list cannot see (bullying in clean words, veiled sexual talk). Its `flagged` refuses as
 * "provider". When it cannot answer (down, slow, an error, a body we cannot read) the local verdict stands:
 * the safety floor never depends on a third party being up, and a child's kind message is not held hostage
 * by an outage.
 */
export function createOpenAiModerator(options: OpenAiModeratorOptions): TextModerator {
  const client = createOpenAiClient(options);
  const provider = providerNameFor(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? MODERATION_TIMEOUT_MS;
  const model = options.model ?? MODERATION_MODEL;

  async function flaggedByProvider(text: string, signal?: AbortSignal): Promise<boolean> {
    const response = await client.moderations.create({ model, input: text }, { timeout: timeoutMs, signal });
    const flagged: unknown = response?.results?.[0]?.flagged;
    if (typeof flagged !== "boolean") throw new Error("the moderation answer has no results[0].flagged");
    return flagged;
  }

  return {
    provider: "openai",
    async check(text, { signal } = {}): Promise<ModerationVerdict> {
      const local = await options.local.check(text, { signal });
      if (!local.allowed) return local;
      try {
        return (await flaggedByProvider(text, signal)) ? { allowed: false, category: "provider" } : local;
      } catch (error) {
        options.logger?.warn(
          { err: toAiError(error, provider), provider, timeoutMs },
          "moderation provider did not answer; the local check decided",
        );
        return local;
      }
    },
  };
}
