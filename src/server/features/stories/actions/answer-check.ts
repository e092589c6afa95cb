import { CHECK_MESSAGES } from "../../../../core/schemas/checks";
import type { LayerNumber } from "../../../../core/stories/layers";
import { AppError } from "../../../http/errors";
import { recordReadingDay } from "../../../shared/achievements";
import { defineAction } from "../../../shared/action";
import { answerChoice, findCheckQuestion } from "../checks";

type Input = {
  slug: string;
  layer: LayerNumber;
  index: number;
  option: number;
  /** The reader's own day, for the day's activity. */
  today: string;
};

/** A reader answers one of a layer's 'Check your understanding' questions; the server scores it. */
export const answerCheck = defineAction({
  name: "stories/actions/answer-check",
  // The story unlocked for the reader, the layer read, and a question with answers to choose from.
  authorise: async ({ db }, actor, { slug, layer, index }: Input) => {
    const { storyId, question } = await findCheckQuestion(db, actor.id, slug, layer, index);
    if (question.kind !== "choice") throw new AppError("open_prompt", 422, CHECK_MESSAGES.notAChoice);
    return { storyId, question };
  },
  guard: { unguarded: "choosing an answer writes no words, and nobody else ever sees it" },
  write: ({ db }, actor, { layer, index, option }, { storyId, question }) =>
    answerChoice(db, actor.id, { storyId, layer, index, question, option }),
  // Any answer makes the day count for the streak; only a question's first answer is one more activity
  // towards the day's goal, so that answering one question again and again does not meet it.
  announce: (deps, result, { actor, input }) =>
    recordReadingDay(deps, actor.id, input.today, { activity: result.firstTry ? "new" : "repeat" }),
});
