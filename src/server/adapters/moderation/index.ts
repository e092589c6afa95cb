import type { Logger } from "pino";
import { createLocalModerator } from "./local";
import { createOpenAiModerator } from "./openai";
import type { TextModerator } from "./types";

export type ModerationConfig = {
  /** MODERATION: the local word list and patterns alone, or with the provider's moderation endpoint too. */
  moderation: "local" | "openai";
  aiBaseUrl?: string | undefined;
  aiApiKey?: string | undefined;
};

/** What checks every text a user writes: always the local check, and the provider's too when chosen. */
export function createModerator(config: ModerationConfig, logger?: Logger): TextModerator {
  const local = createLocalModerator();
  if (config.moderation === "local") return local;
  // env.ts refuses this combination at start-up; this guards a caller that builds its own config.
  if (!config.aiBaseUrl || !config.aiApiKey)
    throw new Error("MODERATION=openai needs AI_BASE_URL and AI_API_KEY");
  return createOpenAiModerator({ baseUrl: config.aiBaseUrl, apiKey: config.aiApiKey, local, logger });
}
