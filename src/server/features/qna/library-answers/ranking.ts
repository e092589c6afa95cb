// Which story a question means, and whether surely enough to name it: the calibrated thresholds live here.
import MiniSearch, { type SearchResult } from "minisearch";
import type { LibraryStory } from "../../stories";
import synonyms from "./lexicon/synonyms.json" with { type: "json" };
import { namesOf, windowsOf } from "./passages";
import { normalise, STOP_WORDS, termsOf, tokenize, toTerm } from "./stemming";

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

// Children's words for things the stories name differently. Each only stands in when the child's own
// word is not one any story is about, so the library's wording always wins.
// A Map, not the object: a question's word such as "constructor" must not find an inherited property.
const SYNONYMS = new Map<string, string[]>(Object.entries(synonyms));

// Sayings whose words are all too common to search for, put in the words the stories use.
const PHRASES: [RegExp, string][] = [
  [/\b(?:come|came|comes|coming|brought|bring) back (?:to life|from the dead)\b/g, "risen alive"],
  [/\b(?:rise|rises|rose|risen|raised|raise) (?:again|from the dead|from death)\b/g, "risen alive"],
  [/\b(?:die|died|dies|dying|death|killed|nailed|hung) on (?:a |the )?cross\b/g, "crucified"],
  [/\b(?:part|parts|parted|parting|split|splits|open|opened) (?:up )?the (?:red )?sea\b/g, "divided sea"],
];

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

export function indexOptions(fields: string[]) {
  return {
    fields,
    idField: "id",
    tokenize,
    processTerm: (term: string, fieldName?: string) => toTerm(term, fieldName === "scripture"),
  };
}

/** One thing the question asks about: its words, and words of the library that may stand in for them. */
type QueryUnit = { words: string[]; standIns: string[] };

type TermMatch = { kind: "exact" | "prefix" | "fuzzy"; fields: Set<string>; words: Set<string> };

/** Shorter words are stems or whole words already; completing them would match too much. */
const MIN_PREFIX = 5;

/**
 * Whether two words are at most `limit` edits apart, a swap of neighbours counting as one edit
 * ("Golaith"); bounded by the limit, so it stays cheap.
 */
export function withinEdits(a: string, b: string, limit: number): boolean {
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

/** Finds the story a question means, and how well it matches, over an index of the library built once. */
export function createStoryMatcher(stories: LibraryStory[]) {
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
      const alternatives = SYNONYMS.get(word);
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

  return { match, searchOptions, weightOf, isCommon, isUbiquitous };
}
