import { CHECK_MESSAGES } from "../../../../core/schemas/checks";
import type { LayerNumber } from "../../../../core/stories/layers";
import { AppError } from "../../../http/errors";
import { defineAction } from "../../../shared/action";
import { findCheckQuestion, saveOpenAnswer } from "../checks";

type Input = { slug: string; layer: LayerNumber; index: number; text: string };

/** A reader's own words for a layer's open prompt ("What will you try this week?"): private, never scored. */
export const saveCheckNote = defineAction({
  name: "stories/actions/save-check-note",
  authorise: async ({ db }, actor, { slug, layer, index }: Input) => {
    const { storyId, question } = await findCheckQuestion(db, actor.id, slug, layer, index);
    if (question.kind !== "open") throw new AppError("choice_question", 422, CHECK_MESSAGES.notAnOpenPrompt);
    return { storyId };
  },
  // Moderated like everything a child writes, though only they will read it.
  guard: { texts: (input: Input) => [input.text] },
  write: ({ db }, actor, { layer, index, text }, { storyId }) =>
    saveOpenAnswer(db, actor.id, { storyId, layer, index, text }),
});
