import { z } from "zod";
import { LAYER_COUNT, type LayerNumber } from "./layers";

// The story progress state machine of spec §4. The server applies it; the browser uses it only to
// decide what to offer (which layers are open, which button to show).

export { LAYER_COUNT, LAYERS, type LayerNumber, readingAction, UNREACHED_LAYER_WARNING } from "./layers";

const LAYER_CHOICE = "Please choose layer 1, 2 or 3.";
export const layerNumberSchema = z.coerce
  .number({ error: LAYER_CHOICE })
  .int(LAYER_CHOICE)
  .min(1, LAYER_CHOICE)
  .max(LAYER_COUNT, LAYER_CHOICE)
  .transform((layer) => layer as LayerNumber);

export type ProgressState = {
  currentLayer: LayerNumber;
  currentStep: number;
  highestLayerReached: LayerNumber;
  completed: boolean;
  /** The first completion; it stays when a reader goes through the story again. */
  completedAt: Date | null;
};

export const NEW_PROGRESS: ProgressState = {
  currentLayer: 1,
  currentStep: 1,
  highestLayerReached: 1,
  completed: false,
  completedAt: null,
};

export const progressActionSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("next") }),
    z.object({ action: z.literal("jump"), layer: layerNumberSchema }),
  ],
  { error: "Please choose what to do next." },
);
export type ProgressAction = z.infer<typeof progressActionSchema>;

export type ProgressOutcome =
  | { ok: true; state: ProgressState; completedNow: boolean; firstCompletion: boolean }
  | { ok: false; reason: "unreached_layer" };

/**
 * next: layers 1 and 2 move to the next layer (step 1, not completed, highest raised); past layer 3
 * the story is complete. jump: any layer up to the highest reached, keeping the highest and the
 * completion. `firstCompletion` tells the caller to award the completion XP, which happens once.
 */
export function applyProgress(state: ProgressState, action: ProgressAction, now: Date): ProgressOutcome {
  if (action.action === "jump") {
    if (action.layer > state.highestLayerReached) return { ok: false, reason: "unreached_layer" };
    return {
      ok: true,
      state: { ...state, currentLayer: action.layer, currentStep: 1 },
      completedNow: false,
      firstCompletion: false,
    };
  }
  if (state.currentLayer < LAYER_COUNT) {
    const next = (state.currentLayer + 1) as LayerNumber;
    return {
      ok: true,
      state: {
        ...state,
        currentLayer: next,
        currentStep: 1,
        completed: false,
        highestLayerReached: Math.max(state.highestLayerReached, next) as LayerNumber,
      },
      completedNow: false,
      firstCompletion: false,
    };
  }
  return {
    ok: true,
    state: { ...state, completed: true, completedAt: state.completedAt ?? now },
    completedNow: true,
    firstCompletion: state.completedAt === null,
  };
}

export const COMPLETION_MESSAGE =
  "Congratulations! You've completed all three layers of this story. You've earned 50 XP for your spiritual growth journey!";
export const REPEAT_COMPLETION_MESSAGE =
  "Well done! You've read all three layers of this story again. Every time you return, there is more to discover.";
