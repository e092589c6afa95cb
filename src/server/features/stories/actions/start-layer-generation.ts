import type { LayerNumber } from "../../../../core/stories/progress";
import { defineAction } from "../../../shared/action";
import { reserveAiWork } from "../../../shared/ai-quota";
import { prepareGeneration } from "../service";

/**
 * The start of a layer's generation: whether it may begin and a unit of today's quota of story parts, both
 * refused as ordinary JSON errors before the route opens its stream. The stream's end (saving the text, the
 * unit given back on failure, the reading day, the illustration that follows) is written by the route, because
 * each step is interleaved with an event only the open stream can send and stops when the reader leaves.
 */
export const startLayerGeneration = defineAction({
  name: "stories/actions/start-layer-generation",
  // Missing, locked or not yet reached: the story and layer must be this reader's to generate.
  authorise: (deps, actor, input: { slug: string; layer: LayerNumber }) =>
    prepareGeneration(deps.db, actor.id, input.slug, input.layer),
  guard: { unguarded: "the reader writes no words here: the text is the AI's, moderated as it streams" },
  write: async (deps, actor, _input, prepared) => ({
    ...prepared,
    quota: await reserveAiWork(deps, actor.id, "story"),
  }),
});
