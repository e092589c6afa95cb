import { verseWords } from "../../../core/memory-verses";

// How a verse is cut up for practice. Everything here is decided by the verse's own words, never by chance, so
// that a child who comes back sees the same blanks and the same shuffled tiles, and a test can name them.

/** One word of a verse as it is practised. */
export type VerseToken = {
  /** The word as the verse prints it, with the punctuation around it ("“Be", "still,"). */
  printed: string;
  /** The word alone, as a word button or tile shows it and as it is sent ("Be", "still"). */
  word: string;
  /** What the word is compared by: case, quotation marks and punctuation aside, as the server compares. */
  key: string;
};

const HAS_LETTER = /[\p{L}\p{N}]/u;
const EDGE_MARKS = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/**
 * The verse's words in order. A mark standing alone between spaces (a dash) joins the word before it: it is no
 * word to place.
 */
export function verseTokens(text: string): VerseToken[] {
  const tokens: VerseToken[] = [];
  for (const printed of text.split(/\s+/).filter(Boolean)) {
    const previous = tokens.at(-1);
    if (!HAS_LETTER.test(printed)) {
      if (previous) previous.printed = `${previous.printed} ${printed}`;
      continue;
    }
    const word = printed.replace(EDGE_MARKS, "");
    tokens.push({ printed, word, key: verseWords(word).join(" ") });
  }
  return tokens;
}

/** The words a reader has put in order, as the server wants them. */
export function wordsOf(tokens: readonly VerseToken[]): string[] {
  return tokens.map((token) => token.word);
}

/** A small, stable number for a text (FNV-1a), the seed of its shuffles. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A repeatable stream of numbers in [0, 1) from a seed (mulberry32). */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** `items` in an order fixed by `seed` text; never in their own order when there are two or more. */
export function shuffled<Item>(items: readonly Item[], seed: string): Item[] {
  const random = randomFrom(seedOf(seed));
  const result = [...items];
  for (let index = result.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [result[index], result[other]] = [result[other] as Item, result[index] as Item];
  }
  // A shuffle that happened to keep the order would give the answer away: turn it by one.
  if (result.length > 1 && result.every((item, index) => item === items[index]))
    result.push(result.shift() as Item);
  return result;
}

/**
 * The step 1 blanks: two of the verse's longer words (the ones that carry its meaning), the same two each
 * time. A verse of one word has one blank.
 */
export function twoBlanks(tokens: readonly VerseToken[]): number[] {
  const ranked = tokens
    .map((token, index) => ({ index, length: token.key.length }))
    .sort((first, second) => second.length - first.length || first.index - second.index);
  return ranked
    .slice(0, Math.min(2, tokens.length))
    .map(({ index }) => index)
    .sort((first, second) => first - second);
}

/** The step 2 blanks: every other word, starting with the second, so the first word still shows the way in. */
export function halfBlanks(tokens: readonly VerseToken[]): number[] {
  if (tokens.length === 1) return [0];
  return tokens.flatMap((_, index) => (index % 2 === 1 ? [index] : []));
}

/** The most words step 1 offers besides the right ones: a small set, so that choosing is a thought, not a hunt. */
const STEP_ONE_EXTRA_WORDS = 2;

/**
 * The word buttons for a fill-in step: the missing words, and for step 1 a couple of the verse's other words
 * (different from the missing ones), all in a fixed shuffled order.
 */
export function wordChoices(tokens: readonly VerseToken[], blanks: readonly number[], withExtras: boolean) {
  const missing = blanks.map((index) => tokens[index] as VerseToken);
  const missingKeys = new Set(missing.map((token) => token.key));
  const extras: VerseToken[] = [];
  if (withExtras)
    for (const token of shuffled(tokens, `${tokens.map((entry) => entry.key).join(" ")}|extra`)) {
      if (extras.length === STEP_ONE_EXTRA_WORDS) break;
      if (!missingKeys.has(token.key) && !extras.some((extra) => extra.key === token.key)) extras.push(token);
    }
  const choices = [...missing, ...extras].map((token, id) => ({ id, word: token.word, key: token.key }));
  return shuffled(choices, `${blanks.join(",")}|${choices.map((choice) => choice.key).join(" ")}`);
}

export type WordChoice = ReturnType<typeof wordChoices>[number];
