import { describe, expect, it } from "vitest";
import {
  applyProgress,
  NEW_PROGRESS,
  type ProgressState,
  progressActionSchema,
  readingAction,
} from "./progress";

const now = new Date("2026-11-21T10:00:00Z");
const at = (state: Partial<ProgressState>): ProgressState => ({ ...NEW_PROGRESS, ...state });

describe("the story progress state machine", () => {
  it("moves to the next layer at step 1, not completed, raising the highest layer", () => {
    const outcome = applyProgress(at({ currentLayer: 1, currentStep: 3 }), { action: "next" }, now);
    expect(outcome).toEqual({
      ok: true,
      state: at({ currentLayer: 2, currentStep: 1, highestLayerReached: 2, completed: false }),
      completedNow: false,
      firstCompletion: false,
    });
  });

  it("keeps a higher highest layer when moving on from an earlier one", () => {
    const outcome = applyProgress(at({ currentLayer: 1, highestLayerReached: 3 }), { action: "next" }, now);
    expect(outcome.ok && outcome.state).toMatchObject({ currentLayer: 2, highestLayerReached: 3 });
  });

  it("completes the story past layer 3, the first time with the completion XP", () => {
    const outcome = applyProgress(at({ currentLayer: 3, highestLayerReached: 3 }), { action: "next" }, now);
    expect(outcome).toEqual({
      ok: true,
      state: at({ currentLayer: 3, highestLayerReached: 3, completed: true, completedAt: now }),
      completedNow: true,
      firstCompletion: true,
    });
  });

  it("keeps the first completion date and gives no second completion XP on a re-read", () => {
    const first = new Date("2026-01-01T00:00:00Z");
    const outcome = applyProgress(
      at({ currentLayer: 3, highestLayerReached: 3, completed: false, completedAt: first }),
      { action: "next" },
      now,
    );
    expect(outcome).toMatchObject({ ok: true, completedNow: true, firstCompletion: false });
    expect(outcome.ok && outcome.state.completedAt).toBe(first);
  });

  it("reopens a completed story when moving on from an earlier layer", () => {
    const outcome = applyProgress(
      at({ currentLayer: 1, highestLayerReached: 3, completed: true, completedAt: now }),
      { action: "next" },
      now,
    );
    expect(outcome.ok && outcome.state).toMatchObject({
      currentLayer: 2,
      completed: false,
      completedAt: now,
    });
  });

  it("jumps to any reached layer and keeps the highest layer and the completion", () => {
    const state = at({ currentLayer: 3, highestLayerReached: 3, completed: true, completedAt: now });
    const outcome = applyProgress(state, { action: "jump", layer: 1 }, now);
    expect(outcome.ok && outcome.state).toEqual({ ...state, currentLayer: 1, currentStep: 1 });
  });

  it("refuses a jump above the highest layer reached", () => {
    expect(applyProgress(at({ highestLayerReached: 2 }), { action: "jump", layer: 3 }, now)).toEqual({
      ok: false,
      reason: "unreached_layer",
    });
  });
});

describe("progress actions", () => {
  it("accept next and a jump to layers 1 to 3 only", () => {
    expect(progressActionSchema.parse({ action: "jump", layer: "2" })).toEqual({ action: "jump", layer: 2 });
    expect(progressActionSchema.safeParse({ action: "jump", layer: 4 }).success).toBe(false);
    expect(progressActionSchema.safeParse({ action: "jump", layer: 1.5 }).success).toBe(false);
    expect(progressActionSchema.safeParse({ action: "skip" }).success).toBe(false);
  });
});

describe("the reading button", () => {
  it("says Start Reading, Continue or Read Again", () => {
    expect(readingAction(null)).toBe("Start Reading");
    expect(readingAction({ completed: false })).toBe("Continue");
    expect(readingAction({ completed: true })).toBe("Read Again");
  });
});
