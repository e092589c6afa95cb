// Read-along (issue 23): a layer's text as numbered sentences, so that the page can highlight the one being read
// and start narration at the one a reader taps. The page, the browser's voice and the server's voice timings all
// number sentences with this one function, so sentence 7 is the same words everywhere. Without zod: the story
// page uses it.

import { cleanTextForSpeech } from "./spoken-text";
import { type InlineSpan, type StoryBlock, spansText } from "./story-text";

/** A new sentence starts after . ! ? or … (and any closing quotation marks) followed by a space. */
const SENTENCE_END = /[.!?…]["'”’»)]*\s+/g;

/** Where, in one block's words, each sentence after the first begins (character offsets). */
export function sentenceBreaks(words: string): number[] {
  const breaks: number[] = [];
  for (const match of words.matchAll(SENTENCE_END)) {
    const next = match.index + match[0].length;
    if (next < words.length) breaks.push(next);
  }
  return breaks;
}

export type LayerSentences = {
  /** Every sentence's words in reading order, as shown (cleaned for a voice by `spokenSentences`). */
  sentences: string[];
  /**
   * The number of the first sentence of each run of spans (a block's spans, or a list item's), looked up by
   * the spans array itself: the page renders those very arrays. Spans made for display only (a heading
   * repeated as "continued") are not in it and are not read along.
   */
  firstSentence: Map<readonly InlineSpan[], number>;
};

/** The sentences of a parsed layer, numbered from 0 in reading order. */
export function layerSentences(blocks: readonly StoryBlock[]): LayerSentences {
  const sentences: string[] = [];
  const firstSentence = new Map<readonly InlineSpan[], number>();
  const add = (spans: readonly InlineSpan[]) => {
    const words = spansText(spans);
    firstSentence.set(spans, sentences.length);
    let start = 0;
    for (const next of [...sentenceBreaks(words), words.length]) {
      sentences.push(words.slice(start, next).trim());
      start = next;
    }
  };
  for (const block of blocks) {
    if (block.type === "list") for (const item of block.items) add(item);
    else add(block.spans);
  }
  return { sentences, firstSentence };
}

/**
 * The sentences as a voice says them (marks and icons removed); one with nothing to say is "". A heading or list
 * item that ends in a word gets a full stop, so that a voice pauses before the next sentence.
 */
export function spokenSentences(sentences: readonly string[]): string[] {
  return sentences.map((sentence) => {
    const spoken = cleanTextForSpeech(sentence);
    return /[\p{L}\p{N}]$/u.test(spoken) ? `${spoken}.` : spoken;
  });
}

/** Letters and digits only, lower case: what a voice's character timings and the page's words share. */
function letters(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
}

/** How many letters of a sentence must match, in order, for its start to be found in the timings. */
const MATCH_LETTERS = 12;

/**
 * When each sentence starts in a narration, from the voice's character timings (the spoken characters and the
 * second each starts at). Sentences are found in order; one that cannot be found is null, and the page then
 * places it between its neighbours.
 */
export function sentenceStartTimes(
  sentences: readonly string[],
  timings: { characters: string; starts: readonly number[] },
): (number | null)[] {
  // The spoken letters, each with the index of its character in the timings.
  let spoken = "";
  const characterOf: number[] = [];
  Array.from(timings.characters).forEach((character, index) => {
    const kept = letters(character);
    spoken += kept;
    for (let i = 0; i < kept.length; i++) characterOf.push(index);
  });
  let cursor = 0;
  return sentences.map((sentence) => {
    const own = letters(sentence);
    if (own === "") return null;
    const found = spoken.indexOf(own.slice(0, MATCH_LETTERS), cursor);
    if (found < 0) return null;
    cursor = found + own.length;
    return timings.starts[characterOf[found] ?? -1] ?? null;
  });
}

/**
 * The sentence being read at `seconds`: the last that started by then. Sentences without a known start are
 * spread evenly between their known neighbours (and over `duration` at the end).
 */
export function sentenceAt(starts: readonly (number | null)[], seconds: number, duration: number): number {
  const known = fillStartTimes(starts, duration);
  let current = 0;
  known.forEach((start, index) => {
    if (start <= seconds + 0.05) current = index;
  });
  return current;
}

/** Every sentence's start, with the unknown ones placed evenly between the known ones around them. */
export function fillStartTimes(starts: readonly (number | null)[], duration: number): number[] {
  const filled: number[] = [];
  let index = 0;
  while (index < starts.length) {
    const start = starts[index];
    if (start !== null && start !== undefined) {
      filled.push(start);
      index++;
      continue;
    }
    let end = index;
    while (end < starts.length && (starts[end] === null || starts[end] === undefined)) end++;
    const from = filled.at(-1) ?? 0;
    const to = end < starts.length ? (starts[end] as number) : Math.max(duration, from);
    const gap = end - index + 1;
    for (let step = 1; step <= end - index; step++) filled.push(from + ((to - from) * step) / gap);
    index = end;
  }
  // A first sentence without a start begins with the narration.
  if (starts[0] === null && filled.length > 0) filled[0] = 0;
  return filled;
}

/** Without a voice's timings: each sentence starts where its share of the words begins in the narration. */
export function estimatedStartTimes(sentences: readonly string[], duration: number): number[] {
  const total = sentences.reduce((sum, sentence) => sum + sentence.length, 0) || 1;
  let before = 0;
  return sentences.map((sentence) => {
    const start = (before / total) * duration;
    before += sentence.length;
    return start;
  });
}
