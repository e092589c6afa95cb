import type { StoryListItem } from "../stories";

/**
 * A child who has earned nothing and started no story is new here: 'Welcome!' rather than 'Welcome back'. Every
 * layer read earns XP, so no XP already says no story started; the list, once loaded, confirms it.
 */
export function isNewReader(xp: number, stories: StoryListItem[] | undefined): boolean {
  return xp === 0 && (stories ?? []).every((story) => !story.progress);
}
