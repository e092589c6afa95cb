import { findVerseReferences } from "./verse-reference";

// A locked story's preview: a taste of its opening, made by the server from the library's text once per process
// (src/server/features/stories/catalogue.ts) and by the bench's ceiling the same way.

/** A preview is a taste, not a page: at most this many characters. */
export const PREVIEW_MAX_LENGTH = 200;

/**
 * The first two sentences of a layer's text as plain words, for a locked story's card and page: the opening
 * paragraphs only (no headings, quotes or lists), without the markdown's bold and without the parenthesised
 * verse references, which read as noise out of context. Cut at a word with "…" when longer than 200 characters.
 */
export function storyPreview(text: string): string {
  const prose = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph && !/^(#|>|- |\* |\d+\. |Try:|Challenge:)/.test(paragraph))
    .join(" ")
    .replace(/\*\*(.+?)\*\*/g, "$1")
    .replace(/\s*\(([^()]*)\)/g, (whole, inner: string) =>
      findVerseReferences(inner).length > 0 ? "" : whole,
    )
    .replace(/\s+/g, " ")
    .trim();
  // A sentence ending in a colon introduced the quote or list that was left out: the preview stops before it.
  const sentences = prose.match(/[^.!?:]+[.!?:]+["”’]?(?=\s|$)/g) ?? [prose];
  let preview = "";
  for (const sentence of sentences.slice(0, 2)) {
    if (sentence.trim().endsWith(":")) break;
    const longer = `${preview} ${sentence.trim()}`.trim();
    if (longer.length > PREVIEW_MAX_LENGTH && preview) break;
    preview = longer;
  }
  if (preview.length <= PREVIEW_MAX_LENGTH) return preview;
  const cut = preview.slice(0, PREVIEW_MAX_LENGTH - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ")).replace(/[\s,;:]+$/, "")}…`;
}
