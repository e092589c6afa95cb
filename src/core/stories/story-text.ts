// The story-text tokenizer: turns the small dialect of content/README.md (headings, bold, quotes,
// verse references, questions, lists, Try:/Challenge: lines) into blocks of plain-text spans.
//
// It is called again on every streamed piece, so it must accept any prefix of a text: it never
// throws, an unfinished construct (a lone `#`, an unclosed `**`) is shown as plain text or left out
// until it is complete, and it stays linear in the length of the text. There is no HTML here at
// all: every span is text, and the renderer shows it as text.

import { verseReferencePattern } from "./verse-reference";

export type InlineSpan = { type: "text" | "bold" | "verse"; text: string };

export type HeadingLevel = 1 | 2 | 3 | 4;

export type ActionKind = "try" | "challenge";

export type StoryBlock =
  | { type: "heading"; level: HeadingLevel; spans: InlineSpan[] }
  | { type: "paragraph"; spans: InlineSpan[] }
  /** A paragraph ending in `?`: a question for the reader to think about. */
  | { type: "question"; spans: InlineSpan[] }
  /** Consecutive `> ` lines; the lines stay separated by "\n" (Scripture is often poetry). */
  | { type: "quote"; spans: InlineSpan[] }
  | { type: "list"; items: InlineSpan[][] }
  /** A `Try:` or `Challenge:` line; `spans` is the rest of the line. */
  | { type: "action"; kind: ActionKind; spans: InlineSpan[] };

// A lone `#` (or `# ` with nothing yet) is a heading still arriving: it parses as an empty heading,
// which is left out, rather than flashing up as a "#" paragraph.
const HEADING = /^(#{1,4})(?:[ \t]+(.*))?$/;
const QUOTE = /^> ?(.*)$/;
const LIST_ITEM = /^[-*](?:[ \t]+(.*))?$/;
// Models like to bold the label (`**Try:**`, `**Try**:`); the dialect's own form is `Try:`.
const ACTION = /^(?:\*\*(try|challenge)(?::\*\*|\*\*:)|(try|challenge):)[ \t]*(.*)$/i;
// A question may end inside quotation marks: `"Who is my neighbor?"`.
const QUESTION_END = /\?["'”’»]*$/;
// Cheap test before running the long verse pattern: every reference has a "chapter:verse".
const CHAPTER_VERSE = /\d:\d/;
const VERSE_REFERENCE = verseReferencePattern();

type Pending = { type: "paragraph" | "quote" | "list"; lines: string[] };

export function parseStoryText(text: string): StoryBlock[] {
  const blocks: StoryBlock[] = [];
  let pending: Pending | null = null;

  const flush = () => {
    if (pending) blocks.push(...toBlocks(pending));
    pending = null;
  };
  const collect = (type: Pending["type"], line: string) => {
    if (pending?.type !== type) {
      flush();
      pending = { type, lines: [] };
    }
    pending.lines.push(line);
  };

  for (const rawLine of text.split(/\r\n?|\n/)) {
    const line = rawLine.trim();
    if (line === "") {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      const spans = parseInline(heading[2]?.trim() ?? "");
      const level = (heading[1] ?? "#").length as HeadingLevel;
      if (spans.length > 0) blocks.push({ type: "heading", level, spans });
      continue;
    }
    const action = ACTION.exec(line);
    if (action) {
      flush();
      const kind = (action[1] ?? action[2] ?? "try").toLowerCase() as ActionKind;
      blocks.push({ type: "action", kind, spans: parseInline(action[3] ?? "") });
      continue;
    }
    const quote = QUOTE.exec(line);
    if (quote) {
      collect("quote", quote[1] ?? "");
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      collect("list", item[1] ?? "");
      continue;
    }
    collect("paragraph", line);
  }
  flush();
  return blocks;
}

function toBlocks({ type, lines }: Pending): StoryBlock[] {
  if (type === "list") {
    const items = lines.map(parseInline).filter((spans) => spans.length > 0);
    return items.length > 0 ? [{ type: "list", items }] : [];
  }
  // Paragraph lines are wrapped prose (joined by a space); quote lines keep their breaks.
  const spans = parseInline(type === "quote" ? lines.join("\n").trim() : lines.join(" "));
  if (spans.length === 0) return [];
  if (type === "paragraph" && QUESTION_END.test(spansText(spans))) return [{ type: "question", spans }];
  return [{ type, spans }];
}

/**
 * The inline spans of one block's text: `**bold**` and verse references. An unclosed `**` (the
 * rest of it not streamed yet) stays plain text, marker included, until its closing `**` arrives.
 */
export function parseInline(text: string): InlineSpan[] {
  const spans: InlineSpan[] = [];
  const parts = text.split("**");
  // An odd count of parts means every `**` has its partner; otherwise the last one is unclosed.
  const allClosed = parts.length % 2 === 1;
  parts.forEach((part, index) => {
    const insideMarkers = index % 2 === 1;
    if (insideMarkers && (allClosed || index < parts.length - 1)) pushWithVerses(spans, part, "bold");
    else pushWithVerses(spans, insideMarkers ? `**${part}` : part, "text");
  });
  return spans;
}

/** The words of a list of spans, without any markers. */
export function spansText(spans: readonly InlineSpan[]): string {
  return spans.map((span) => span.text).join("");
}

function pushWithVerses(spans: InlineSpan[], text: string, type: "text" | "bold") {
  if (text === "") return;
  if (!CHAPTER_VERSE.test(text)) {
    spans.push({ type, text });
    return;
  }
  let start = 0;
  for (const match of text.matchAll(VERSE_REFERENCE)) {
    if (match.index > start) spans.push({ type, text: text.slice(start, match.index) });
    spans.push({ type: "verse", text: match[0] });
    start = match.index + match[0].length;
  }
  if (start < text.length) spans.push({ type, text: text.slice(start) });
}
