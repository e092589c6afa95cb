import { collapseSeparators, normaliseForModeration } from "../normalise";

// The personal-information patterns run on a lower-case form of the original and of its Unicode-normalised
// copy (normalise.ts): compatibility forms folded, apostrophes dropped ("let's" → "lets"), dashes unified,
// repeated separators and white space collapsed; and on that form again with single spaced-out characters
// joined ("k i d @ g m a i l" → "kid@gmail"). The word list reads the cased forms.

function patternForm(text: string): string {
  return collapseSeparators(
    text
      .normalize("NFKC")
      .toLowerCase()
      .replace(/['’‘`´]/g, "")
      .replace(/[‐‑‒–—―]/g, "-"),
  ).trim();
}

/** Two or more single characters in a row, each on its own between spaces, with a letter among them. */
const SPACED_CHARACTERS = /(?<![^ ])[^ ](?: [^ ])+(?![^ ])/g;
function joinSpacedCharacters(text: string): string {
  return text.replace(SPACED_CHARACTERS, (run) => (/[a-z]/.test(run) ? run.replace(/ /g, "") : run));
}

/** The forms of one text that the checks read: as written and normalised, and lower-case pattern forms of both. */
export type Views = { cased: string[]; lower: string[] };

export function viewsOf(text: string): Views {
  const normalised = normaliseForModeration(text);
  // When normalising only collapsed white space or repeated separators (a story paragraph, most chat), the
  // pattern forms are the same and the word list, which reads through separators itself, reads the text once.
  const cased = normalised === collapseSeparators(text) ? [text] : [text, normalised];
  const lower = [...new Set(cased.map(patternForm))];
  for (const form of [...lower]) {
    const joined = joinSpacedCharacters(form);
    if (!lower.includes(joined)) lower.push(joined);
  }
  return { cased, lower };
}
