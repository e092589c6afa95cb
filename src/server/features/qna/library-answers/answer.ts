// The answer a child sees, built from the matched story: which quote to show, a reflection, the way back.
import MiniSearch from "minisearch";
import { QNA_FALLBACK_ANSWER } from "../../../../core/schemas/qna";
import type { LibraryStory } from "../../stories";
import { type Block, blockText, type Passage, passagesOf, reflectionsOf } from "./passages";
import { createStoryMatcher, indexOptions } from "./ranking";
import { termsOf } from "./stemming";

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
  /** The share (0 to 1) of the question's weight found in that story (see MIN_COVERAGE in ranking.ts). */
  coverage: number;
  /** The share (0 to 1) of what matched that meets in one section of the story (see MIN_FOCUS in ranking.ts). */
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

export { QNA_FALLBACK_ANSWER };

// 'Ask a leader' sits under this answer on the screen; the words do not promise that anyone will get back.
const FALLBACK_FOLLOW_UP =
  "The stories and answers I know don't cover that one yet, so a parent or leader is the best person to ask.";

// The library rules do not require a story to carry a reflection question, so one is kept in reserve.
const DEFAULT_REFLECTION = "What do you think this part of the story shows you about God?";

const PASSAGE_BOOST = { heading: 1.5, lead: 1.5, quote: 2, context: 1 };
// "What happened" questions are answered best by the retelling; layer 3 often quotes other books.
const LAYER_BOOST = { 1: 1.2, 2: 1.1, 3: 0.8 } as const;
// A question about a story is best answered from that story's own verses, not those it is compared with.
const OWN_BOOK_BOOST = 1.3;

type PassageDoc = Pick<Passage, "heading" | "lead" | "quote" | "context" | "layer" | "ownBook"> & {
  id: number;
};

export function createLibraryAnswerer(
  stories: LibraryStory[],
): LibraryAnswerer & { explain(question: string): LibraryMatch } {
  const { match, searchOptions, weightOf, isCommon, isUbiquitous } = createStoryMatcher(stories);

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
