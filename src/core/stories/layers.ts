// A story's three layers and the words the story screens show about them, without zod: the story list and a
// story page need them to draw themselves, and a phone should not load and run the schema library for that.
// src/core/stories/progress.ts (the state machine and its schemas) re-exports them.

export const LAYERS = [
  { layer: 1, name: "Basic Understanding" },
  { layer: 2, name: "Deeper Reflection" },
  { layer: 3, name: "Life Application" },
] as const;
export const LAYER_COUNT = 3;
export type LayerNumber = 1 | 2 | 3;

/** The /stories card's button: 'Start Reading', 'Continue' or 'Read Again'. */
export function readingAction(progress: { completed: boolean } | null): string {
  if (!progress) return "Start Reading";
  return progress.completed ? "Read Again" : "Continue";
}

export const UNREACHED_LAYER_WARNING = "Cannot navigate to unreached layer";
