// How the library and a question become search terms; apart so that both sides are treated exactly alike.
import irregularForms from "./lexicon/irregular-forms.json" with { type: "json" };
import stopWords from "./lexicon/stop-words.json" with { type: "json" };

// "why did", "what happened" and the like are in every question and would match every story.
export const STOP_WORDS = new Set(stopWords);

// Past tenses and plurals a suffix rule cannot reach, folded onto one form.
// A Map, not the object: a word such as "constructor" must not find an inherited property.
const IRREGULAR = new Map<string, string>(Object.entries(irregularForms));

export function normalise(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/'s\b/g, "")
    .replace(/'/g, "");
}

export function tokenize(text: string): string[] {
  return normalise(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
}

const HAS_VOWEL = /[aeiouy]/;

/**
 * A small suffix stemmer, so that "lions", "climbed" and "saving" find "lion", "climb" and "save".
 * It only has to treat the library and the question alike; its stems are never shown.
 */
function stem(word: string): string {
  let w = IRREGULAR.get(word) ?? word;
  if (w.length <= 3) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (/(?:ss|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("s") && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);

  let stripped = false;
  if (w.endsWith("ied") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("ing") && w.length >= 6 && HAS_VOWEL.test(w.slice(0, -3))) {
    w = w.slice(0, -3);
    stripped = true;
  } else if (w.endsWith("ed") && w.length >= 5 && HAS_VOWEL.test(w.slice(0, -2))) {
    w = w.slice(0, -2);
    stripped = true;
  }
  // "stopped" and "running" lose the doubled letter their suffix brought.
  if (stripped && /([b-df-hj-km-np-rtv-z])\1$/.test(w)) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith("e")) w = w.slice(0, -1);
  if (w.length > 2 && /[^aeiou]y$/.test(w)) w = `${w.slice(0, -1)}i`;
  return w;
}

// The library repeats its words thousands of times; stemming each once keeps building the index fast.
const stems = new Map<string, string>();
const MAX_REMEMBERED_STEMS = 50_000;

/** A word's stem, whatever the word: the question bank keeps some words the library's stop words drop. */
export function stemOf(word: string): string {
  let term = stems.get(word);
  if (term === undefined) {
    // Children's questions bring new words for as long as the server runs.
    if (stems.size >= MAX_REMEMBERED_STEMS) stems.clear();
    term = stem(word);
    stems.set(word, term);
  }
  return term;
}

export function toTerm(word: string, keepNumbers: boolean): string | null {
  if (STOP_WORDS.has(word)) return null;
  if (/^\d+$/.test(word)) return keepNumbers ? word : null;
  if (word.length < 2) return null;
  return stemOf(word);
}

/** The search terms of a piece of text, in order, without stop words. */
export function termsOf(text: string, keepNumbers = false): string[] {
  const terms: string[] = [];
  for (const word of tokenize(text)) {
    const term = toTerm(word, keepNumbers);
    if (term) terms.push(term);
  }
  return terms;
}
