import type { ModerationCategory } from "../../../core/schemas/moderation";

// Moderation of everything a child writes (issue 6): an interface with an embedded default (a maintained
// word list and personal-information patterns) and, with AI_BASE_URL and MODERATION=openai, the provider's
// moderation endpoint on top.

export type ModerationVerdict = { allowed: true } | { allowed: false; category: ModerationCategory };

export interface TextModerator {
  readonly provider: "local" | "openai";
  /** Never throws for an unreachable provider: the local check still decides (fail closed for what it flags). */
  check(text: string, options?: { signal?: AbortSignal }): Promise<ModerationVerdict>;
}
