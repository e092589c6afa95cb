import { STORY_MESSAGES } from "../../../../core/stories/generation-events";
import type { LayerNumber } from "../../../../core/stories/progress";
import { AiError } from "../../../adapters/ai/types";
import { AppError } from "../../../http/errors";
import { defineAction } from "../../../shared/action";
import { withAiQuota } from "../../../shared/ai-quota";
import { illustrate } from "../illustrate";
import { contentForIllustration } from "../service";

type Input = {
  slug: string;
  layer: LayerNumber;
  style: string;
  direction?: string;
  /** The reader's request: leaving cancels the drawing. */
  signal: AbortSignal;
};

/** A new illustration of a layer the reader has written, in the style they chose, with their direction. */
export const drawIllustration = defineAction({
  name: "stories/actions/draw-illustration",
  // Refused when the story is not this reader's to read or the layer has no text yet.
  authorise: (deps, actor, input: Input) =>
    contentForIllustration(deps.db, actor.id, input.slug, input.layer),
  guard: {
    unguarded:
      "the direction is never shown to anyone: it goes into the image prompt, which is moderated before drawing and raised for leaders when flagged",
  },
  async write(deps, actor, input, { story, content }) {
    const { slug, layer, style, direction, signal } = input;
    try {
      return await withAiQuota(deps, actor.id, "image", () =>
        illustrate(
          deps,
          { userId: actor.id, storyId: story.id, layer, content, styleId: style, direction },
          signal,
        ),
      );
    } catch (error) {
      if (!(error instanceof AiError)) throw error;
      deps.logger.warn({ err: error, slug, layer, style }, "illustration failed");
      throw new AppError("image_failed", 502, STORY_MESSAGES.imageFailed);
    }
  },
});
