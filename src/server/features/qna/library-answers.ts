import MiniSearch, { type SearchResult } from "minisearch";
import { findVerseReferences } from "../../../core/stories/verse-reference";
import type { LibraryStory } from "../stories/library";

// The offline Q&A helper: with no AI account, a child's question is answered by retrieval over the
// story library. The answer only ever quotes the library's own ministry-reviewed lines, so a verse can
// never be invented or altered; when the library has no good match it says so kindly instead.

export type LibraryAnswer = {
  /** The answer in the story page's markdown dialect (headings, **bold**, '> ' quotes with verse references, questions). */
  text: string;
  /** The story it comes from; null for the kind fallback. */
  story: { slug: string; title: string } | null;
};

export type LibraryAnswerer = { answer(question: string): LibraryAnswer };

/** How a question was matched; for calibrating and testing the thresholds, never shown to a child. */
export type LibraryMatch = {
  /** The question's search terms, after stop words, sayings, stand-ins and stemming. */
  terms: string[];
  /** The best story, whether or not it was good enough to name. */
  slug: string | null;
  /** The share (0 to 1) of the question's weight found in that story (see MIN_COVERAGE). */
  coverage: number;
  /** The share (0 to 1) of what matched that meets in one section of the story (see MIN_FOCUS). */
  focus: number;
  /** A word of the question is one the story is about (title, names, blurb, summary), or it quotes the story's verse. */
  anchored: boolean;
  /** A word of the question is rare among the stories, or one this story uses far more than the rest. */
  distinctive: boolean;
  /** The question's telling words meet in one section of the story, when there are two or more. */
  paired: boolean;
  /** Whether the story is named in the answer. */
  confident: boolean;
};

/** The spec's fallback for a question the helper cannot answer, word for word. */
export const QNA_FALLBACK_ANSWER =
  "That's a wonderful question! Let me think about that and get back to you.";

const FALLBACK_FOLLOW_UP =
  "The stories I know don't answer that one yet, so you could ask a parent or leader, or look through the Stories page for one you'd like to read.";

// The library rules do not require a story to carry a reflection question, so one is kept in reserve.
const DEFAULT_REFLECTION = "What do you think this part of the story shows you about God?";

/**
 * Calibrated on the tests' question tables against the current library: a story is named only when
 * at least this share of the question's weight (each word weighted by how few stories use it) is found
 * in it. The 46 questions about a story score 0.56 to 1 (most of them 1; the lowest carry a word the
 * library does not use, "cross", "fun"); off-library questions that brush a story through a word or
 * two ("won" and "game" in David, "sky" in Creation) score at most 0.47. Anchoring, a distinctive
 * word, focus and pairing (below) must hold as well.
 */
const MIN_COVERAGE = 0.5;

/** A word more than this share of the stories name in their title, blurb or summary cannot anchor one. */
const TOPIC_SHARE = 0.25;

/** A word more than this share of the stories use anywhere says little about which story is meant. */
const COMMON_SHARE = 0.5;

// A common word still tells a story apart when that story uses it this many times, and this many
// times as often as the average story ("made" in Creation).
const DISTINCTIVE_MIN_USES = 5;
const DISTINCTIVE_LIFT = 4;

/**
 * The share of what matched that must meet in one section of the story (see `windowsOf`). Calibrated
 * like MIN_COVERAGE: questions about a story meet at 0.71 or more; "Why did Samson lose his strength?"
 * (only "strength" is in David) meets at 0.56.
 */
const MIN_FOCUS = 0.6;

/** A word nearly every story uses ("God", "love") does not help to tell them apart even in pairs. */
const UBIQUITOUS_SHARE = 0.75;

// Credit towards the coverage for a word matched in a weaker way than exactly.
const PREFIX_CREDIT = 0.8;
const SYNONYM_CREDIT = 0.8;
const FUZZY_NAME_CREDIT = 0.8;
const FUZZY_WORD_CREDIT = 0.3;
// Layer 3 is about the reader's own life (school, friends, games), so a word found only there is weak evidence.
const FIELD_CREDIT: Record<string, number> = { reflection: 0.75, application: 0 };

/** Consecutive words of a quoted verse, found in a single story only, that mark the child quoting it. */
const QUOTED_LINE_WORDS = 4;

/** The share of a question's words that must be a quoted verse for the question to count as quoting it. */
const MIN_QUOTED_SHARE = 0.6;

// Questions are capped so that a pasted essay cannot make a lookup slow.
const MAX_QUESTION_CHARS = 400;

// "why did", "what happened" and the like are in every question and would match every story.
const STOP_WORDS = new Set(
  (
    "a about above after again all also am an and any are arent as at be because been before being below " +
    "between both but by can cant could couldnt did didnt do does doesnt doing dont down during each else " +
    "ever every few for from further get gets getting got had hadnt has hasnt have havent having he hed " +
    "hell her here hers herself hes him himself his how hows i id if ill im in into is isnt it its itself " +
    "ive just let lets like me might more most must mustnt my myself no nor not now of off on once only " +
    "or other ought our ours ourselves out over own please really same shall shant she shed shell shes " +
    "should shouldnt so some such tell than that thats the their theirs them themselves then there " +
    "theres these they theyd theyll theyre theyve this those through thing things to too under until up " +
    "us very was wasnt we wed well went were werent weve what whats when whens where wheres which while " +
    "who whos whom why whys will with wont would wouldnt yes yet you youd youll your youre yours " +
    "yourself yourselves youve bible story stories happen happens happened happening mean means meant " +
    "book books chapter chapters verse verses know think thought lot lots maybe ok okay hey hi hello pls plz want wanted wanna gonna"
  ).split(" "),
);

// Past tenses and plurals a suffix rule cannot reach, folded onto one form.
const IRREGULAR: Record<string, string> = {
  ate: "eat",
  eaten: "eat",
  became: "become",
  began: "begin",
  begun: "begin",
  born: "birth",
  bought: "buy",
  broke: "break",
  broken: "break",
  brought: "bring",
  built: "build",
  came: "come",
  caught: "catch",
  children: "child",
  chose: "choose",
  chosen: "choose",
  dead: "die",
  death: "die",
  died: "die",
  dies: "die",
  dying: "die",
  fallen: "fall",
  fell: "fall",
  felt: "feel",
  flew: "fly",
  forgave: "forgive",
  forgiven: "forgive",
  forgiveness: "forgive",
  fought: "fight",
  found: "find",
  gave: "give",
  given: "give",
  grew: "grow",
  heard: "hear",
  hid: "hide",
  hidden: "hide",
  kept: "keep",
  knew: "know",
  left: "leave",
  lives: "life",
  made: "make",
  men: "man",
  met: "meet",
  paid: "pay",
  ran: "run",
  risen: "rise",
  rose: "rise",
  said: "say",
  sang: "sing",
  sat: "sit",
  saw: "see",
  seen: "see",
  sent: "send",
  slept: "sleep",
  sold: "sell",
  spent: "spend",
  spoke: "speak",
  spoken: "speak",
  stood: "stand",
  struck: "strike",
  swam: "swim",
  taken: "take",
  threw: "throw",
  thrown: "throw",
  told: "tell",
  took: "take",
  women: "woman",
  won: "win",
  wept: "weep",
  wore: "wear",
  wrote: "write",
};

// Children's words for things the stories name differently. Each only stands in when the child's own
// word is not one any story is about, so the library's wording always wins.
const SYNONYMS: Record<string, string[]> = {
  adam: ["man"],
  dad: ["father"],
  daddy: ["father"],
  mom: ["mother"],
  mum: ["mother"],
  eve: ["woman"],
  whale: ["fish"],
  shark: ["fish"],
  christmas: ["manger", "bethlehem"],
  easter: ["tomb", "risen"],
  cross: ["crucified"],
  giant: ["goliath"],
  slingshot: ["sling"],
  boat: ["ark"],
  coat: ["tunic"],
  robe: ["tunic"],
  sycamore: ["tree"],
  neighbour: ["neighbor"],
  favourite: ["favorite"],
  colour: ["color"],
  colours: ["colors"],
};

// Sayings whose words are all too common to search for, put in the words the stories use.
const PHRASES: [RegExp, string][] = [
  [/\b(?:come|came|comes|coming|brought|bring) back (?:to life|from the dead)\b/g, "risen alive"],
  [/\b(?:rise|rises|rose|risen|raised|raise) (?:again|from the dead|from death)\b/g, "risen alive"],
  [/\b(?:die|died|dies|dying|death|killed|nailed|hung) on (?:a |the )?cross\b/g, "crucified"],
  [/\b(?:part|parts|parted|parting|split|splits|open|opened) (?:up )?the (?:red )?sea\b/g, "divided sea"],
];

function normalise(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/'s\b/g, "")
    .replace(/'/g, "");
}

function tokenize(text: string): string[] {
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
  let w = IRREGULAR[word] ?? word;
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

function toTerm(word: string, keepNumbers: boolean): string | null {
  if (STOP_WORDS.has(word)) return null;
  if (/^\d+$/.test(word)) return keepNumbers ? word : null;
  if (word.length < 2) return null;
  let term = stems.get(word);
  if (term === undefined) {
    // Children's questions bring new words for as long as the server runs.
    if (stems.size >= MAX_REMEMBERED_STEMS) stems.clear();
    term = stem(word);
    stems.set(word, term);
  }
  return term;
}

/** The search terms of a piece of text, in order, without stop words. */
function termsOf(text: string, keepNumbers = false): string[] {
  const terms: string[] = [];
  for (const word of tokenize(text)) {
    const term = toTerm(word, keepNumbers);
    if (term) terms.push(term);
  }
  return terms;
}

// --- The library's text, cut into the blocks the story page renders ---------------------------------

type BlockKind = "heading" | "paragraph" | "question" | "quote" | "list" | "action";
type Block = { kind: BlockKind; lines: string[] };

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

const blockText = (block: Block) => block.lines.join("\n");

/** A quote from the library with the paragraph that leads into it, both exactly as written. */
type Passage = {
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

function passagesOf(storyIndex: number, story: LibraryStory): Passage[] {
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

function reflectionsOf(story: LibraryStory): Reflection[] {
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
function namesOf(story: LibraryStory): string {
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
function windowsOf(story: LibraryStory): Set<string>[] {
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

// --- The indexes -----------------------------------------------------------------------------------

type StoryDoc = {
  id: number;
  title: string;
  names: string;
  scripture: string;
  blurb: string;
  summary: string;
  retelling: string;
  reflection: string;
  application: string;
};

const STORY_BOOST = {
  title: 6,
  names: 4,
  blurb: 3,
  scripture: 2,
  summary: 2,
  retelling: 1.5,
  reflection: 1,
  application: 0.5,
};
type StoryField = keyof typeof STORY_BOOST;
const STORY_FIELDS = Object.keys(STORY_BOOST) as StoryField[];
// Where a story says what it is about. A match only in the long layer texts ("game", "homework") is
// not enough to name a story, because every story uses everyday words somewhere.
const TOPIC_FIELDS = new Set<string>(["title", "names", "blurb", "scripture", "summary"]);
const NAME_FIELDS = new Set<string>(["title", "names"]);

const PASSAGE_BOOST = { heading: 1.5, lead: 1.5, quote: 2, context: 1 };
// "What happened" questions are answered best by the retelling; layer 3 often quotes other books.
const LAYER_BOOST = { 1: 1.2, 2: 1.1, 3: 0.8 } as const;
// A question about a story is best answered from that story's own verses, not those it is compared with.
const OWN_BOOK_BOOST = 1.3;

function indexOptions(fields: string[]) {
  return {
    fields,
    idField: "id",
    tokenize,
    processTerm: (term: string, fieldName?: string) => toTerm(term, fieldName === "scripture"),
  };
}

/** One thing the question asks about: its words, and words of the library that may stand in for them. */
type QueryUnit = { words: string[]; standIns: string[] };

type PassageDoc = Pick<Passage, "heading" | "lead" | "quote" | "context" | "layer" | "ownBook"> & {
  id: number;
};

type TermMatch = { kind: "exact" | "prefix" | "fuzzy"; fields: Set<string>; words: Set<string> };

/** Shorter words are stems or whole words already; completing them would match too much. */
const MIN_PREFIX = 5;

/**
 * Whether two words are at most `limit` edits apart, a swap of neighbours counting as one edit
 * ("Golaith"); bounded by the limit, so it stays cheap.
 */
function withinEdits(a: string, b: string, limit: number): boolean {
  if (limit <= 0 || Math.abs(a.length - b.length) > limit) return a === b;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      current.push(value);
    }
    if (Math.min(...current) > limit) return false;
    before = previous;
    previous = current;
  }
  return (previous[b.length] ?? limit + 1) <= limit;
}

/** How far a word may be from the library's word to be taken as a misspelling of it. */
const misspellingLimit = (term: string) => (term.length >= 8 ? 2 : term.length >= 5 ? 1 : 0);

/** How a search term matched a result: the closest kind of match, every field and every word it matched. */
function matchOf(term: string, result: SearchResult): TermMatch | null {
  let best: TermMatch | null = null;
  const rank = { exact: 3, prefix: 2, fuzzy: 1 };
  for (const [found, fields] of Object.entries(result.match)) {
    const kind =
      found === term
        ? "exact"
        : found.startsWith(term) && term.length >= MIN_PREFIX
          ? "prefix"
          : withinEdits(term, found, misspellingLimit(term))
            ? "fuzzy"
            : null;
    if (!kind) continue;
    if (!best || rank[kind] > rank[best.kind])
      best = { kind, fields: new Set(fields), words: new Set([found]) };
    else if (kind === best.kind) {
      for (const field of fields) best.fields.add(field);
      best.words.add(found);
    }
  }
  return best;
}

/** Orders matches of the same unit: by the field's credit, then closeness, then whether it says what the story is about. */
function rankOf(match: TermMatch): number {
  const closeness = { exact: 2, prefix: 1, fuzzy: 0 }[match.kind];
  const onTopic = [...match.fields].some((field) => TOPIC_FIELDS.has(field)) ? 1 : 0;
  return fieldCredit(match.fields) * 100 + closeness * 10 + onTopic;
}

function fieldCredit(fields: Set<string>): number {
  let credit = 0;
  for (const field of fields) credit = Math.max(credit, FIELD_CREDIT[field] ?? 1);
  return credit;
}

export function createLibraryAnswerer(
  stories: LibraryStory[],
): LibraryAnswerer & { explain(question: string): LibraryMatch } {
  const docs: StoryDoc[] = stories.map((story, id) => {
    const [one, two, three] = story.layers;
    return {
      id,
      title: story.title,
      names: namesOf(story),
      scripture: story.scripture,
      blurb: story.blurb,
      summary: `${one.prompt} ${one.systemContext}`,
      retelling: one.text,
      reflection: `${two.prompt} ${two.systemContext} ${two.text}`,
      application: `${three.prompt} ${three.systemContext} ${three.text}`,
    };
  });
  const storyIndex = new MiniSearch<StoryDoc>(indexOptions(STORY_FIELDS));
  storyIndex.addAll(docs);

  // How often each story uses each term, anywhere and where it says what it is about: rare words
  // decide which story a question means, and an everyday word a story is full of ("made" in Creation)
  // still tells that story apart.
  const storiesUsing = new Map<string, number>();
  const storiesAbout = new Map<string, number>();
  const counts = new Map<string, number[]>();
  // Runs of words from Scripture quoted in one story only, so that a child quoting a verse ("for such a
  // time as this") finds its story even though each of its words is common.
  const quotedLines = new Map<string, number>();
  for (const doc of docs) {
    const about = new Set<string>();
    for (const field of STORY_FIELDS) {
      for (const term of termsOf(String(doc[field]), field === "scripture")) {
        let row = counts.get(term);
        if (!row) {
          row = new Array<number>(stories.length).fill(0);
          counts.set(term, row);
        }
        if (row[doc.id] === 0) storiesUsing.set(term, (storiesUsing.get(term) ?? 0) + 1);
        row[doc.id] = (row[doc.id] ?? 0) + 1;
        if (TOPIC_FIELDS.has(field)) about.add(term);
      }
    }
    for (const term of about) storiesAbout.set(term, (storiesAbout.get(term) ?? 0) + 1);
    const story = stories[doc.id] as LibraryStory;
    const lines = new Set<string>();
    for (const layer of story.layers) {
      for (const quote of layer.text.match(/^>.*$/gm) ?? []) {
        const words = tokenize(quote);
        for (let i = 0; i + QUOTED_LINE_WORDS <= words.length; i += 1) {
          const run = words.slice(i, i + QUOTED_LINE_WORDS);
          if (run.some((word) => !STOP_WORDS.has(word))) lines.add(run.join(" "));
        }
      }
    }
    for (const line of lines) quotedLines.set(line, quotedLines.has(line) ? -1 : doc.id);
  }
  const storyCount = Math.max(stories.length, 1);
  const windows = stories.map(windowsOf);
  const weightOf = (term: string) => Math.log((storyCount + 1) / ((storiesUsing.get(term) ?? 0) + 0.5));
  const isCommon = (term: string) => (storiesUsing.get(term) ?? 0) > storyCount * COMMON_SHARE;
  const isUbiquitous = (term: string) => (storiesUsing.get(term) ?? 0) > storyCount * UBIQUITOUS_SHARE;
  /** Whether a term tells this story apart: it is rare, or this story uses it far more than the rest. */
  const isDistinctive = (term: string, storyId: number) => {
    if (!isCommon(term)) return true;
    const row = counts.get(term) ?? [];
    const own = row[storyId] ?? 0;
    const others = (row.reduce((sum, count) => sum + count, 0) - own) / Math.max(storyCount - 1, 1);
    return own >= DISTINCTIVE_MIN_USES && own >= others * DISTINCTIVE_LIFT;
  };
  const isTopic = (term: string) => (storiesAbout.get(term) ?? 0) <= storyCount * TOPIC_SHARE;

  const searchOptions = {
    // Questions are turned into terms once, by `termsOf`; the index must not process them again.
    tokenize: (text: string) => text.split(" ").filter(Boolean),
    processTerm: (term: string) => term,
    prefix: (term: string) => term.length >= MIN_PREFIX,
    // A word the library uses is taken as meant; only an unknown word may be a misspelling.
    fuzzy: (term: string) => (term.length >= 5 && !storiesUsing.has(term) ? 0.25 : false),
    maxFuzzy: 2,
    weights: { fuzzy: 0.3, prefix: 0.4 },
  };

  const passages = stories.flatMap((story, index) => passagesOf(index, story));
  // One small index of quotes per story: a question is matched to its story first, and within a story
  // the words that set one quote apart from its neighbours are what count.
  const passageIndexes = stories.map((_, storyId) => {
    const index = new MiniSearch<PassageDoc>({
      ...indexOptions(Object.keys(PASSAGE_BOOST)),
      storeFields: ["layer", "ownBook"],
    });
    passages.forEach((passage, id) => {
      if (passage.story !== storyId) return;
      const { heading, lead, quote, context, layer, ownBook } = passage;
      index.add({ id, heading, lead, quote, context, layer, ownBook });
    });
    return index;
  });
  const reflections = stories.map(reflectionsOf);

  /**
   * The story whose verse the question quotes, if it quotes one story's verse and is mostly that quote:
   * "What does 'for such a time as this' mean?" is, "If you are able to help me with my homework" is not.
   */
  function quotedStory(words: string[]): number | null {
    const found = new Set<number>();
    const covered = new Set<number>();
    for (let i = 0; i + QUOTED_LINE_WORDS <= words.length; i += 1) {
      const story = quotedLines.get(words.slice(i, i + QUOTED_LINE_WORDS).join(" "));
      if (story === undefined || story < 0) continue;
      found.add(story);
      for (let j = i; j < i + QUOTED_LINE_WORDS; j += 1) covered.add(j);
    }
    if (found.size !== 1 || covered.size < words.length * MIN_QUOTED_SHARE) return null;
    return [...found][0] ?? null;
  }

  /** The question as units of meaning: a word (with stand-ins for it) or a saying put in the library's words. */
  function unitsOf(question: string): QueryUnit[] {
    let text = normalise(question.slice(0, MAX_QUESTION_CHARS));
    const units: QueryUnit[] = [];
    for (const [phrase, replacement] of PHRASES) {
      text = text.replace(phrase, () => {
        units.push({ words: termsOf(replacement), standIns: [] });
        return " ";
      });
    }
    const seen = new Set<string>();
    for (const word of tokenize(text)) {
      const term = toTerm(word, true);
      if (!term || seen.has(term)) continue;
      seen.add(term);
      const alternatives = SYNONYMS[word];
      units.push({
        words: [term],
        standIns:
          alternatives && !storiesAbout.has(term) ? alternatives.flatMap((entry) => termsOf(entry)) : [],
      });
    }
    return units;
  }

  function match(question: string) {
    const quoted = quotedStory(tokenize(normalise(question.slice(0, MAX_QUESTION_CHARS))));
    const units = unitsOf(question);
    const terms = [...new Set(units.flatMap((unit) => [...unit.words, ...unit.standIns]))];
    const results = terms.length > 0 ? storyIndex.search(terms.join(" "), searchOptions) : [];
    const result = (quoted === null ? undefined : results.find((hit) => hit.id === quoted)) ?? results[0];
    const none = {
      terms,
      story: null,
      coverage: 0,
      focus: 0,
      anchored: false,
      distinctive: false,
      paired: false,
    };
    if (!result) return { ...none, confident: false };

    const storyId = result.id as number;
    let total = 0;
    let found = 0;
    // Quoting a verse only one story has ("for such a time as this") picks that story out, however
    // common its words; the words must still be found in it, so "if you are able to…" is not a quote.
    const quoting = storyId === quoted;
    let anchored = quoting;
    let distinctive = quoting;
    const met: { weight: number; words: Set<string> }[] = [];
    for (const unit of units) {
      const weight = Math.max(...unit.words.map(weightOf));
      total += weight;
      const best = (entries: (TermMatch | null)[]) =>
        entries.reduce<TermMatch | null>(
          (chosen, entry) => (entry && (!chosen || rankOf(entry) > rankOf(chosen)) ? entry : chosen),
          null,
        );
      const own = best(unit.words.map((word) => matchOf(word, result)));
      const standIn = best(
        unit.standIns.map((word) => matchOf(word, result)).filter((entry) => entry?.kind !== "fuzzy"),
      );
      // A stand-in counts when the child's own word only brushed the story.
      const viaStandIn = standIn !== null && (!own || fieldCredit(standIn.fields) > fieldCredit(own.fields));
      const chosen = viaStandIn ? standIn : own;
      if (!chosen) continue;
      const onName = [...chosen.fields].some((field) => NAME_FIELDS.has(field));
      const onTopic = [...chosen.fields].some((field) => TOPIC_FIELDS.has(field));
      const credit = viaStandIn
        ? SYNONYM_CREDIT
        : chosen.kind === "exact"
          ? 1
          : chosen.kind === "prefix"
            ? PREFIX_CREDIT
            : onName
              ? FUZZY_NAME_CREDIT
              : FUZZY_WORD_CREDIT;
      found += weight * credit * fieldCredit(chosen.fields);
      met.push({ weight: weight * credit, words: chosen.words });
      const words = [...chosen.words];
      // A misspelt name ("Golaith") may anchor a story; a word that merely looks like another may not.
      if (chosen.kind === "fuzzy" ? onName : onTopic && (viaStandIn || words.some(isTopic))) anchored = true;
      if (chosen.kind !== "fuzzy" || onName)
        distinctive ||= words.some((word) => isDistinctive(word, storyId));
    }
    // The share of what matched that meets in one stretch of the story; and when two or more words that
    // tell stories apart matched, at least two of them must meet ("walk" and "water" never do in Noah).
    const matched = met.reduce((sum, entry) => sum + entry.weight, 0);
    const telling = met.filter((entry) => ![...entry.words].every(isUbiquitous));
    let focus = 0;
    let paired = quoting || telling.length < 2;
    for (const window of windows[storyId] ?? []) {
      let inWindow = 0;
      let tellingInWindow = 0;
      for (const entry of met) {
        if (![...entry.words].some((word) => window.has(word))) continue;
        inWindow += entry.weight;
        if (telling.includes(entry)) tellingInWindow += 1;
      }
      focus = Math.max(focus, matched > 0 ? inWindow / matched : 0);
      paired ||= tellingInWindow >= 2;
    }
    const coverage = total > 0 ? found / total : 0;
    const story = stories[storyId] ?? null;
    const confident = anchored && distinctive && paired && coverage >= MIN_COVERAGE && focus >= MIN_FOCUS;
    return { terms, story, coverage, focus, anchored, distinctive, paired, confident };
  }

  function passageFor(storyId: number, terms: string[]): Passage | undefined {
    const options = {
      ...searchOptions,
      boost: PASSAGE_BOOST,
      boostDocument: (_id: unknown, _term: string, stored?: Record<string, unknown>) =>
        (LAYER_BOOST[stored?.layer as 1 | 2 | 3] ?? 1) * (stored?.ownBook ? OWN_BOOK_BOOST : 1),
    };
    const story = stories[storyId] as LibraryStory;
    // With nothing of the question in any quote, the quote closest to what the story is about.
    for (const query of [terms, termsOf(`${story.title} ${story.blurb}`)]) {
      if (query.length === 0) continue;
      const [hit] = passageIndexes[storyId]?.search(query.join(" "), options) ?? [];
      if (hit) return passages[hit.id as number];
    }
    return passages.find((passage) => passage.story === storyId);
  }

  // The terms of the library's blocks and passages, worked out once each, when first needed.
  const termSets = new WeakMap<object, Set<string>>();
  const termSetOf = (key: object, text: () => string) => {
    let terms = termSets.get(key);
    if (!terms) {
      terms = new Set(termsOf(text()));
      termSets.set(key, terms);
    }
    return terms;
  };

  function reflectionFor(storyId: number, passage: Passage, terms: string[]): string {
    const asked = new Set(terms.filter((term) => !isCommon(term)));
    const around = termSetOf(passage, () => `${passage.heading} ${passage.lead} ${passage.quote}`);
    let best: { text: string; score: number } | null = null;
    for (const reflection of reflections[storyId] ?? []) {
      let score = reflection.layer === passage.layer ? 0.5 : 0;
      for (const term of new Set(reflection.terms)) {
        if (asked.has(term)) score += 2;
        else if (around.has(term) && !isCommon(term)) score += 1;
      }
      if (!best || score > best.score) best = { text: reflection.text, score };
    }
    return best?.text ?? DEFAULT_REFLECTION;
  }

  /** A paragraph near the quote that answers more of the question than the lead-in does, if any. */
  function extraParagraph(passage: Passage, terms: string[]): Block | undefined {
    const asked = terms.filter((term) => !isUbiquitous(term));
    const scoreOf = (present: Set<string>) =>
      asked.reduce((sum, term) => sum + (present.has(term) ? weightOf(term) : 0), 0);
    let best: { block: Block; score: number } | undefined;
    for (const block of [...passage.before, ...passage.after]) {
      // A paragraph ending in ':' leads into a quote that would not be shown.
      if (blockText(block).trimEnd().endsWith(":")) continue;
      const score = scoreOf(termSetOf(block, () => blockText(block)));
      if (!best || score > best.score) best = { block, score };
    }
    return best && best.score > scoreOf(termSetOf(passage.blocks, () => passage.lead))
      ? best.block
      : undefined;
  }

  function answer(question: string): LibraryAnswer {
    const { terms, story, confident } = match(question);
    if (!story || !confident) return { text: `${QNA_FALLBACK_ANSWER} ${FALLBACK_FOLLOW_UP}`, story: null };
    const storyId = stories.indexOf(story);
    const passage = passageFor(storyId, terms);
    const parts = [`This is from the story **${story.title}** (${story.scripture}).`];
    if (passage) {
      const extra = extraParagraph(passage, terms);
      if (extra && passage.before.includes(extra)) parts.push(blockText(extra));
      parts.push(...passage.blocks.map(blockText));
      if (extra && passage.after.includes(extra)) parts.push(blockText(extra));
    }
    parts.push(
      passage ? reflectionFor(storyId, passage, terms) : DEFAULT_REFLECTION,
      // The story page's dialect has no links (content/README.md), so the address is shown as text.
      `Read the whole story: /stories/${story.slug}`,
    );
    return { text: parts.join("\n\n"), story: { slug: story.slug, title: story.title } };
  }

  function explain(question: string): LibraryMatch {
    const { terms, story, coverage, focus, anchored, distinctive, paired, confident } = match(question);
    const round = (value: number) => Math.round(value * 100) / 100;
    return {
      terms,
      slug: story?.slug ?? null,
      coverage: round(coverage),
      focus: round(focus),
      anchored,
      distinctive,
      paired,
      confident,
    };
  }

  return { answer, explain };
}
