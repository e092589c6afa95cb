import { recordReadingDay } from "../../../shared/achievements";
import { defineAction } from "../../../shared/action";
import { reviewVerse as saveReview } from "../service";

type Input = {
  slug: string;
  words: string[];
  /** The reader's own day, for the spaced review and the day's activity. */
  today: string;
};

/** A reader reviews a memory verse that is due; the server judges it and moves it between boxes. */
export const reviewVerse = defineAction({
  name: "memory-verses/actions/review-verse",
  authorise: async () => {},
  guard: { unguarded: "the words are the verse's, compared on the server and never shown to anyone" },
  write: ({ db }, actor, { slug, words, today }: Input) => saveReview(db, actor.id, slug, words, today),
  // Practising a verse counts towards the day\'s goal and the streak.
  announce: (deps, _result, { actor, input }) => recordReadingDay(deps, actor.id, input.today),
});
