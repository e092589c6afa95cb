import { createContext, useContext } from "react";
import type { InlineSpan } from "../../../../core/stories/story-text";

// Read-along (issue 23): while narration plays, the sentence being read is highlighted and kept in view, and
// tapping a sentence starts the narration there. The story page holds the narration and shares it here; the
// layer's text numbers its sentences with `layerSentences` (src/core/stories/read-along.ts), as the voices do.

export type ReadAlong = {
  /** The sentence being read, or null while nothing plays. */
  sentence: number | null;
  /** Starts the narration at a sentence; absent where the text has no narration. */
  startAt?: (sentence: number) => void;
};

export const ReadAlongContext = createContext<ReadAlong>({ sentence: null });

/** The number of the first sentence of each run of spans on screen (see `layerSentences`). */
export const SentenceNumbersContext = createContext<ReadonlyMap<readonly InlineSpan[], number> | null>(null);

export const useReadAlong = () => useContext(ReadAlongContext);

/** The look of the sentence being read: a background only, so that nothing moves. */
export const READING_SENTENCE_CLASS = "rounded-sm bg-amber-200 box-decoration-clone";

/** Data attribute that carries a sentence's number on each piece of it. */
export const SENTENCE_ATTRIBUTE = "data-sentence";

/**
 * The sentence a tap landed on, unless it landed on something of its own to press (a verse reference).
 */
export function sentenceOfTap(target: EventTarget | null): number | null {
  if (!(target instanceof Element) || target.closest("button, a, input, textarea, select")) return null;
  const piece = target.closest(`[${SENTENCE_ATTRIBUTE}]`);
  const number = Number(piece?.getAttribute(SENTENCE_ATTRIBUTE));
  return piece && Number.isInteger(number) ? number : null;
}
