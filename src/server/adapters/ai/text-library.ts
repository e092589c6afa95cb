import { setTimeout as sleep } from "node:timers/promises";
import { AiError, type TextGenerator } from "./types";

/** About reading pace on screen: the text appears as if written, without keeping a child waiting. */
export const LIBRARY_PIECE_DELAY_MS = 15;

/**
 * Cuts text into pieces of a word or two, each with the whitespace that follows it, so that joining
 * the pieces gives back the exact text. A piece also ends at a line break, so markdown lines arrive whole
 * as soon as they are complete.
 */
export function splitIntoPieces(text: string): string[] {
  const pieces: string[] = [];
  let piece = "";
  let words = 0;
  // Leading whitespace rides with the first word; every later match starts at a word.
  for (const word of text.match(/\s*\S+\s*/g) ?? []) {
    piece += word;
    words += 1;
    if (words === 2 || word.includes("\n")) {
      pieces.push(piece);
      piece = "";
      words = 0;
    }
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * Embedded default: streams the library's reviewed text (`options.libraryText`) in small pieces at
 * reading pace; the messages are not read. When the caller's signal fires it stops at once and throws
 * AiError kind "aborted" (as the OpenAI provider does), so a cut-off text is never taken for a whole one.
 */
export function createLibraryTextGenerator(options: { pieceDelayMs?: number } = {}): TextGenerator {
  const pieceDelayMs = options.pieceDelayMs ?? LIBRARY_PIECE_DELAY_MS;
  return {
    provider: "library",
    // The library holds reviewed texts, not a writer: it cannot answer a free prompt. It fails as an AI that
    // answered nothing fails, rather than returning a marker text, so that every caller already goes to its
    // own fallback (the share draft's template) and no placeholder can ever be shown or posted as if written.
    async complete() {
      throw new AiError("No text generated", "empty");
    },
    async *stream(_messages, { signal, libraryText }) {
      if (!libraryText?.trim()) throw new AiError("No text generated", "empty");
      const aborted = () => new AiError("Library stream aborted", "aborted");
      let first = true;
      for (const piece of splitIntoPieces(libraryText)) {
        if (!first && pieceDelayMs > 0) {
          try {
            await sleep(pieceDelayMs, undefined, { signal });
          } catch {
            throw aborted();
          }
        }
        if (signal.aborted) throw aborted();
        first = false;
        yield piece;
      }
    },
  };
}
