import { recordReadingDay } from "../../../shared/achievements";
import { defineAction } from "../../../shared/action";
import { learnVerse as saveLearnt } from "../service";

type Input = {
  slug: string;
  words: string[];
  /** The reader's own day, for the spaced review and the day's activity. */
  today: string;
};

/** A reader has practised a story's memory verse and said it right: it enters spaced review. */
export const learnVerse = defineAction({
  name: "memory-verses/actions/learn-verse",
  // The service reads the story with the reader's lock on it, and compares the words with the verse.
  authorise: async () => {},
  guard: { unguarded: "the words are the verse's, compared on the server and never shown to anyone" },
  write: ({ db }, actor, { slug, words, today }: Input) => saveLearnt(db, actor.id, slug, words, today),
  // Practising a verse counts towards the day\'s goal and the streak.
  announce: (deps, _result, { actor, input }) => recordReadingDay(deps, actor.id, input.today),
});
