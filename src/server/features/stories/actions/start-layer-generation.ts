import { GUARDRAIL_MESSAGES } from "../../../../core/schemas/moderation";
import { type GenerationEvent, STORY_MESSAGES } from "../../../../core/stories/generation-events";
import { IMAGE_STYLES } from "../../../../core/stories/image-styles";
import { LAYERS, type LayerNumber } from "../../../../core/stories/progress";
import type { AppDeps } from "../../../http/app-env";
import { recordReadingDay } from "../../../shared/achievements";
import { type Actor, defineAction } from "../../../shared/action";
import { raiseAiFlag } from "../../../shared/ai-guardrails";
import { isQuotaReached, type QuotaReservation, reserveAiWork, withAiQuota } from "../../../shared/ai-quota";
import { illustrate } from "../illustrate";
import { prepareGeneration, saveGeneration } from "../service";

type PreparedGeneration = Awaited<ReturnType<typeof prepareGeneration>>;

/** The illustration drawn right after a generation; the reader can choose another style afterwards. */
const DEFAULT_STYLE = IMAGE_STYLES[0];

/** How the AI's stream ended, as the route saw it: what `finish` then writes. */
export type GenerationOutcome =
  | { status: "done"; text: string }
  | { status: "withheld"; text: string }
  | { status: "failed"; error: unknown };

type FinishContext = {
  /** Sends an event to the reader's open stream. */
  tell: (event: GenerationEvent) => Promise<unknown>;
  /** Aborted when the reader leaves: nothing more is saved or drawn. */
  signal: AbortSignal;
  /** The reader's own day, for the day's activity. */
  today: string;
};

/**
 * A layer's generation: whether it may begin and a unit of today's quota of story parts, both refused as
 * ordinary JSON errors before the route opens its stream. The route streams the AI's text (only it holds the
 * response); what the stream's end writes is this action's `finish`: the text saved with its XP or the unit
 * given back, a withheld text flagged for leaders, the reading day, and the illustration that follows.
 */
export const startLayerGeneration = defineAction({
  name: "stories/actions/start-layer-generation",
  // Missing, locked or not yet reached: the story and layer must be this reader's to generate.
  authorise: (deps, actor, input: { slug: string; layer: LayerNumber }) =>
    prepareGeneration(deps.db, actor.id, input.slug, input.layer),
  guard: { unguarded: "the reader writes no words here: the text is the AI's, moderated as it streams" },
  write: async (deps, actor, input, prepared) => {
    const quota = await reserveAiWork(deps, actor.id, "story");
    return {
      ...prepared,
      finish: (outcome: GenerationOutcome, context: FinishContext) =>
        finishGeneration(deps, actor, input.layer, prepared, quota, outcome, context),
    };
  },
});

async function finishGeneration(
  deps: AppDeps,
  actor: Actor,
  layer: LayerNumber,
  { story }: PreparedGeneration,
  quota: QuotaReservation,
  outcome: GenerationOutcome,
  { tell, signal, today }: FinishContext,
) {
  const slug = story.slug;
  if (outcome.status === "withheld") {
    // Nothing of it is saved and no XP is given: the reader sees the kind message and can try again.
    await tell({ type: "withheld", message: GUARDRAIL_MESSAGES.story });
    await raiseAiFlag(deps, {
      kind: "withheld_story",
      userId: actor.id,
      storyId: story.id,
      input: `Layer ${layer}: ${LAYERS.find((entry) => entry.layer === layer)?.name ?? ""}`,
      output: outcome.text,
    });
    return;
  }
  if (outcome.status === "failed") {
    deps.logger.warn({ err: outcome.error, slug, layer }, "story generation failed");
    await quota.release();
    await tell({ type: "error", message: STORY_MESSAGES.generationFailed });
    return;
  }
  let saved: Awaited<ReturnType<typeof saveGeneration>>;
  try {
    saved = await saveGeneration(deps.db, actor.id, story.id, layer, outcome.text);
  } catch (error) {
    deps.logger.error({ err: error, slug, layer }, "saving a story generation failed");
    await quota.release();
    await tell({ type: "error", message: STORY_MESSAGES.generationFailed });
    return;
  }
  await tell({ type: "done", content: outcome.text, ...saved });
  await recordReadingDay(deps, actor.id, today);
  // Spec §4: the illustration follows the text; when it fails, the text is already saved.
  try {
    const { imageUrl } = await withAiQuota(deps, actor.id, "image", () =>
      illustrate(
        deps,
        { userId: actor.id, storyId: story.id, layer, content: outcome.text, styleId: DEFAULT_STYLE.id },
        signal,
      ),
    );
    await tell({ type: "image", imageUrl });
  } catch (error) {
    if (signal.aborted) return;
    if (isQuotaReached(error)) {
      await tell({ type: "image_failed", message: error.message });
      return;
    }
    deps.logger.warn({ err: error, slug, layer }, "story illustration failed");
    await tell({ type: "image_failed", message: STORY_MESSAGES.imageFailed });
  }
}
