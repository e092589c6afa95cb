// A bank entry as the helper's answer, in the story page's markdown dialect (src/web/features/qna/components/answer-text.tsx).
import { expandVerseReference, parseVerseReference } from "../../../../core/stories/verse-lookup";
import { findVerses } from "../../bible";
import type { BankEntry } from "./bank";

/** Who is asking: under 13 reads the short answer, 13 and over the longer one. */
export type Reader = "child" | "teen";

/** A verse shown as a block quote: one or two verses read well under an answer; a longer range is cut to its first. */
const MAX_QUOTED_VERSES = 2;

export type QuotedVerse = { reference: string; text: string };

/** Case, punctuation and spacing aside: whether the answer already quotes a verse in full. */
const wordsOf = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[‘’'“”"]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;

/**
 * A verse's words as the World English Bible prints them, without a quotation mark the verse opens or
 * closes for a speech that begins or ends in another verse: shown alone, it would stand unpaired.
 */
export function verseWords(text: string): string {
  let words = text.trim();
  const opens = (words.match(/“/g) ?? []).length;
  const closes = (words.match(/”/g) ?? []).length;
  if (opens > closes && words.startsWith("“")) words = words.slice(1);
  else if (closes > opens && words.endsWith("”")) words = words.slice(0, -1);
  return words;
}

/** The verse of a reference to show under an answer, from the verses file, or null if the file lacks it. */
export function quotedVerse(reference: string): QuotedVerse | null {
  const parsed = parseVerseReference(reference);
  const keys = parsed ? expandVerseReference(parsed) : null;
  if (!keys || keys.length === 0) return null;
  const shown = keys.length > MAX_QUOTED_VERSES ? keys.slice(0, 1) : keys;
  const verses = findVerses(shown);
  if (verses.length !== shown.length) return null;
  return {
    reference: shown.length === keys.length ? reference : (shown[0] as string),
    text: verses.map((verse) => verseWords(verse.text)).join(" "),
  };
}

/**
 * The entry's answer for the reader, then the first of its verses the answer does not already quote in
 * full (so nothing is read twice), where Christians differ, a question to think about, and the story to
 * read next as the trailing address the web turns into a link.
 */
export function composeBankAnswer(
  entry: BankEntry,
  reader: Reader,
  story: { slug: string; title: string } | null,
): { text: string; verse: QuotedVerse | null } {
  const answer = reader === "teen" ? entry.long : entry.short;
  const said = wordsOf(answer);
  const verse =
    entry.verses
      .map(quotedVerse)
      .find((candidate) => candidate !== null && !said.includes(wordsOf(candidate.text))) ?? null;
  const parts = [answer];
  if (verse) parts.push(`> "${verse.text}" (${verse.reference})`);
  if (entry.differ) parts.push(entry.differ);
  parts.push(entry.think);
  if (story) parts.push(`Read the whole story: /stories/${story.slug}`);
  return { text: parts.join("\n\n"), verse };
}
