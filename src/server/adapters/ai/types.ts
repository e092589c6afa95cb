import type { ImageStyleId } from "../../../core/stories/image-styles";
import type { IllustrationScene } from "./image-library/scene-schema";

// The AI services Lamplight uses, each an interface with an offline default (the story library)
// and a real provider chosen by environment variables in main.ts.

export type ChatMessage = { role: "system" | "user" | "assistant"; content: string };

export type TextStreamOptions = {
  signal: AbortSignal;
  /** What the offline library answers with (e.g. the layer's reviewed text); AI providers ignore it. */
  libraryText?: string;
  /** Sampling overrides for one call (e.g. the Q&A helper's 800 tokens); the library ignores them. */
  temperature?: number;
  maxTokens?: number;
};

/** One short answer in one piece (e.g. a share draft). */
export type TextCompleteOptions = {
  signal: AbortSignal;
  temperature?: number;
  maxTokens?: number;
};

export interface TextGenerator {
  readonly provider: "library" | "openai";
  /** Yields the answer in pieces; throws AiError when the upstream fails, stalls or says nothing. */
  stream(messages: ChatMessage[], options: TextStreamOptions): AsyncIterable<string>;
  /**
   * The whole answer at once, trimmed and never blank; throws AiError when the upstream fails, says nothing
   * or takes longer than AI_STALL_TIMEOUT_MS, and always with the offline library (it writes no free text).
   */
  complete(messages: ChatMessage[], options: TextCompleteOptions): Promise<string>;
}

export type GeneratedImage = { png: Uint8Array; revisedPrompt: string };

/** A story layer's own picture for the offline library: the scene its story file describes, and the child's words. */
export type ImageScene = { scene: IllustrationScene; direction?: string };

export interface ImageGenerator {
  readonly provider: "library" | "openai";
  /**
   * The style lets the offline library draw in that style; AI providers read it from the prompt. The scene, when
   * the picture is of a library story's layer, is what the offline library draws; AI providers ignore it.
   */
  generate(
    prompt: string,
    options: { signal: AbortSignal; style: ImageStyleId; scene?: ImageScene },
  ): Promise<GeneratedImage>;
}

/**
 * When each spoken character starts, in seconds from the start of the narration (read-along, issue 23).
 * `characters` is the text as the voice spoke it; `starts` has one entry per character (per UTF-16 unit).
 */
export type CharacterTimings = { characters: string; starts: number[] };

export interface SpeechSynthesizer {
  readonly provider: "elevenlabs";
  readonly voiceId: string;
  /**
   * MPEG audio, streamed as the upstream sends it. `onTimings` hears the character timings of each piece as it
   * arrives, in seconds from the start of the whole narration.
   */
  synthesize(
    text: string,
    options: { signal: AbortSignal; onTimings?: (timings: CharacterTimings) => void },
  ): Promise<ReadableStream<Uint8Array>>;
}

/**
 * One error type for every AI failure. `message` is the spec's catalogue text
 * ('{provider} API error: …', 'No text generated', 'No image data generated'…), kept for the log;
 * routes show the user a friendly text instead.
 */
export class AiError extends Error {
  constructor(
    message: string,
    readonly kind: "upstream" | "empty" | "stalled" | "malformed" | "aborted",
    readonly status?: number,
  ) {
    super(message);
    this.name = "AiError";
  }
}

/** No byte from the upstream for this long ends a stream with the failure text; a completion gets no longer. */
export const AI_STALL_TIMEOUT_MS = 20_000;
