// The library's text in the story page's blocks: quotes, reflections, names, sections; never a question.
import { findVerseReferences } from "../../../../core/stories/verse-reference";
import type { LibraryStory } from "../../stories";
import { termsOf } from "./stemming";

type BlockKind = "heading" | "paragraph" | "question" | "quote" | "list" | "action";
export type Block = { kind: BlockKind; lines: string[] };

function kindOf(line: string): BlockKind {
  if (/^#{1,4}(?:\s|$)/.test(line)) return "heading";
  if (/^(?:\*\*)?(?:try|challenge)(?::|\*\*:)/i.test(line)) return "action";
  if (line.startsWith(">")) return "quote";
  if (/^[-*]\s/.test(line)) return "list";
  return "paragraph";
}

// A question may end inside quotation marks: `"Who is my neighbor?"`.
const QUESTION_END = /\?["'”’»]*$/;

function finished(block: Block): Block {
  return block.kind === "paragraph" && QUESTION_END.test(block.lines.join(" "))
    ? { ...block, kind: "question" }
    : block;
}

function splitBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | undefined;
  for (const raw of text.split(/\r\n?|\n/)) {
    const line = raw.trim();
    const kind = line === "" ? undefined : kindOf(line);
    // Headings and action lines stand alone; other lines of one kind run on into one block.
    const alone = kind === "heading" || kind === "action";
    if (current && (kind === undefined || alone || current.kind !== kind)) {
      blocks.push(finished(current));
      current = undefined;
    }
    if (kind === undefined) continue;
    if (alone) {
      blocks.push({ kind, lines: [line] });
      continue;
    }
    current ??= { kind, lines: [] };
    current.lines.push(line);
  }
  if (current) blocks.push(finished(current));
  return blocks;
}

export const blockText = (block: Block) => block.lines.join("\n");

/** A quote from the library with the paragraph that leads into it, both exactly as written. */
export type Passage = {
  story: number;
  layer: 1 | 2 | 3;
  heading: string;
  /** The lead-in paragraph (if any) and the quote, as consecutive blocks of the library's text. */
  blocks: Block[];
  lead: string;
  quote: string;
  /** The rest of the quote's section (and of a quote-less section before it), for finding the passage. */
  context: string;
  before: Block[];
  after: Block[];
  /** Whether the quote is from the story's own book rather than a verse it is compared with. */
  ownBook: boolean;
};

// A lead-in this short ("And Jesus told him:") only makes sense with the quote before it.
const SHORT_LEAD_WORDS = 8;

export function passagesOf(storyIndex: number, story: LibraryStory): Passage[] {
  const passages: Passage[] = [];
  // "Luke 24; John 20" → Luke, John: the books the story itself tells.
  const books = new Set(
    story.scripture.split(";").map((part) => part.trim().replace(/\s+[\d:,\-–\s]+$/, "")),
  );
  const isVerseQuote = (block: Block) =>
    block.kind === "quote" && findVerseReferences(blockText(block)).length > 0;
  for (const layer of story.layers) {
    const blocks = splitBlocks(layer.text);
    // Sections run from one heading to the next; a section without a quote lends its words to the next
    // quote, so that "A Son Leaves Home" can still be answered from the verse that follows it.
    const sectionOf: number[] = [];
    let section = 0;
    for (const block of blocks) {
      if (block.kind === "heading") section += 1;
      sectionOf.push(section);
    }
    const quoted = new Set(blocks.filter(isVerseQuote).map((block) => sectionOf[blocks.indexOf(block)]));
    let heading = "";
    blocks.forEach((block, index) => {
      if (block.kind === "heading") heading = blockText(block).replace(/^#+\s*/, "");
      if (!isVerseQuote(block)) return;
      let start = index;
      const lead = blocks[index - 1];
      if (lead?.kind === "paragraph") {
        start = index - 1;
        const earlierQuote = blocks[index - 2];
        if (lead.lines.join(" ").split(/\s+/).length <= SHORT_LEAD_WORDS && earlierQuote?.kind === "quote") {
          start = blocks[index - 3]?.kind === "paragraph" ? index - 3 : index - 2;
        }
      }
      const own = sectionOf[index] ?? 0;
      const lending = own - 1 > 0 && !quoted.has(own - 1) ? own - 1 : own;
      const context: number[] = [];
      const headings: string[] = [];
      blocks.forEach((other, position) => {
        const inReach = (sectionOf[position] ?? 0) >= lending && (sectionOf[position] ?? 0) <= own;
        if (!inReach) return;
        if (other.kind === "heading") headings.push(blockText(other).replace(/^#+\s*/, ""));
        if (other.kind === "paragraph" && (position < start || position > index)) context.push(position);
      });
      const chosen = blocks.slice(start, index + 1);
      const textOf = (kind: BlockKind) =>
        chosen
          .filter((entry) => entry.kind === kind)
          .map(blockText)
          .join(" ");
      const cited = findVerseReferences(blockText(block)).map((reference) =>
        reference.replace(/ \d+:.*$/, ""),
      );
      passages.push({
        story: storyIndex,
        layer: layer.layer,
        heading: headings.join(" ") || heading,
        blocks: chosen,
        lead: textOf("paragraph"),
        quote: textOf("quote"),
        context: context.map((position) => blockText(blocks[position] as Block)).join(" "),
        before: context.filter((position) => position < start).map((position) => blocks[position] as Block),
        after: context.filter((position) => position > index).map((position) => blocks[position] as Block),
        ownBook: cited.some((book) => books.has(book)),
      });
    });
  }
  return passages;
}

type Reflection = { text: string; layer: 1 | 2 | 3; terms: string[] };

// Questions written for a parent and child to talk over together ("our family") read oddly from the helper.
const SHARED_VOICE = /\b(?:our|we|us)\b/i;
const MAX_REFLECTION_CHARS = 200;

/** "What do you think he decided?" needs the paragraph before it; without a name it means nothing on its own. */
function leansOnContext(question: string): boolean {
  return (
    /\b(?:he|she|him|her|his|they|them|their|it|this|that)\b/i.test(question) && !/\s[A-Z]/.test(question)
  );
}

export function reflectionsOf(story: LibraryStory): Reflection[] {
  const reflections: Reflection[] = [];
  for (const layer of story.layers) {
    for (const block of splitBlocks(layer.text)) {
      const candidates =
        block.kind === "question"
          ? [block.lines.join(" ")]
          : block.kind === "list"
            ? block.lines.map((line) => line.replace(/^[-*]\s+/, "")).filter((line) => line.endsWith("?"))
            : [];
      for (const text of candidates) {
        if (text.length > MAX_REFLECTION_CHARS || SHARED_VOICE.test(text) || leansOnContext(text)) continue;
        reflections.push({ text, layer: layer.layer, terms: termsOf(text) });
      }
    }
  }
  return reflections;
}

/**
 * The story's people and places: capitalised words inside a sentence, seen at least twice. The
 * library has no character list, and names are what children ask about most.
 */
export function namesOf(story: LibraryStory): string {
  const counts = new Map<string, number>();
  for (const layer of story.layers) {
    const text = findVerseReferences(layer.text).reduce(
      (rest, reference) => rest.replaceAll(reference, " "),
      layer.text.replace(/\*\*/g, ""),
    );
    for (const match of text.matchAll(/[A-Z][a-z]+/g)) {
      // A capital after the end of a sentence, a quote mark or a line start is not a name.
      if (/(?:^|[.!?:;"“(#>\n-])\s*$/.test(text.slice(Math.max(0, match.index - 3), match.index))) continue;
      counts.set(match[0], (counts.get(match[0]) ?? 0) + 1);
    }
  }
  return [...counts]
    .filter(([, count]) => count >= 2)
    .map(([name]) => name)
    .join(" ");
}

/**
 * The stretches of a story in which a question's words should meet: each section, heading to heading,
 * together with the story's title and blurb. Words that are each somewhere in a story ("walk" and
 * "water" in Noah) are no answer unless they meet somewhere.
 */
export function windowsOf(story: LibraryStory): Set<string>[] {
  const always = termsOf(`${story.title} ${story.blurb}`);
  const windows: Set<string>[] = [];
  for (const layer of story.layers) {
    let section = new Set(always);
    for (const block of splitBlocks(layer.text)) {
      if (block.kind === "heading") {
        if (section.size > always.length) windows.push(section);
        section = new Set(always);
      }
      for (const term of termsOf(blockText(block))) section.add(term);
    }
    windows.push(section);
  }
  return windows;
}
