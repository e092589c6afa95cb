// The helper with no AI account: a reviewed bank answer when the question is one the bank holds, else the
// story library's answer, else the kind fallback (which the caller can tell by its null source).

import { findVerseReferences } from "../../../../core/stories/verse-reference";
import { type LibraryStory, loadLibrary } from "../../stories";
import { createLibraryAnswerer } from "../library-answers";
import { type BankEntry, questionBank } from "./bank";
import { composeBankAnswer, type Reader } from "./compose";
import { type BankMatch, createBankMatcher } from "./matcher";

export type OfflineAnswerSource = { kind: "bank"; id: string } | { kind: "story"; slug: string } | null;

export type OfflineAnswer = {
  /** The answer in the story page's markdown dialect, ending with the story's address when there is one. */
  text: string;
  /** What answered: a bank entry, a library story, or null for the kind fallback. */
  source: OfflineAnswerSource;
  /** The story the answer sends the reader to, if any. */
  story: { slug: string; title: string } | null;
  /** The verse references the answer relies on. */
  verses: string[];
};

/** How a question was matched; for calibrating and testing, never shown to a child. */
export type OfflineExplanation = {
  bank: { id: string | null; coverage: number; score: number; confident: boolean; terms: string[] };
  library: ReturnType<ReturnType<typeof createLibraryAnswerer>["explain"]>;
  source: OfflineAnswerSource;
};

export type OfflineHelper = {
  answer(question: string, options: { reader: Reader }): OfflineAnswer;
  explain(question: string): OfflineExplanation;
};

export function createOfflineHelper({
  bank,
  stories,
}: {
  bank: BankEntry[];
  stories: LibraryStory[];
}): OfflineHelper {
  const library = createLibraryAnswerer(stories);
  const storyTexts = stories.flatMap((story) => [
    story.title,
    story.blurb,
    ...story.layers.map((layer) => layer.text),
  ]);
  const matcher = createBankMatcher(bank, storyTexts);
  const storiesBySlug = new Map(
    stories.map((story) => [story.slug, { slug: story.slug, title: story.title }]),
  );

  function choose(question: string): {
    bank: BankMatch;
    library: OfflineExplanation["library"];
    source: OfflineAnswerSource;
  } {
    const found = matcher.match(question);
    const story = library.explain(question);
    // A reviewed answer to the very question beats a passage of a story that touches on it, unless the
    // bank holds only part of the question and the library is sure of its story ("the son who spent all
    // his money" is the Prodigal Son's, not the one bank entry about running away).
    let source: OfflineAnswerSource = null;
    const storyIsSure = story.confident && story.slug !== null;
    if (found.confident && found.entry && (found.firm || !storyIsSure))
      source = { kind: "bank", id: found.entry.id };
    else if (story.confident && story.slug) source = { kind: "story", slug: story.slug };
    return { bank: found, library: story, source };
  }

  function answer(question: string, { reader }: { reader: Reader }): OfflineAnswer {
    const { bank: found, source } = choose(question);
    if (source?.kind === "bank" && found.entry) {
      const entry = found.entry;
      const story = entry.story ? (storiesBySlug.get(entry.story) ?? null) : null;
      const { text } = composeBankAnswer(entry, reader, story);
      return { text, source, story, verses: [...entry.verses] };
    }
    // The library's own answer, or its kind fallback (QNA_FALLBACK_ANSWER word for word, and a follow-up)
    // when it has none: the only answer with a null source, so the caller can offer to ask a leader.
    const fromLibrary = library.answer(question);
    if (fromLibrary.story)
      return {
        text: fromLibrary.text,
        source: { kind: "story", slug: fromLibrary.story.slug },
        story: fromLibrary.story,
        verses: findVerseReferences(fromLibrary.text),
      };
    return { text: fromLibrary.text, source: null, story: null, verses: [] };
  }

  function explain(question: string): OfflineExplanation {
    const { bank: found, library: story, source } = choose(question);
    return {
      bank: {
        id: found.entry?.id ?? null,
        coverage: Math.round(found.coverage * 100) / 100,
        score: Math.round(found.score * 100) / 100,
        confident: found.confident,
        terms: found.terms,
      },
      library: story,
      source,
    };
  }

  return { answer, explain };
}

let helper: Promise<OfflineHelper> | undefined;

/** The offline helper of this server, built once on first use and shared by every request. */
export function offlineHelper(): Promise<OfflineHelper> {
  helper ??= loadLibrary().then((stories) => createOfflineHelper({ bank: questionBank(), stories }));
  // A failed build is not remembered, so the next question tries again.
  helper.catch(() => {
    helper = undefined;
  });
  return helper;
}
