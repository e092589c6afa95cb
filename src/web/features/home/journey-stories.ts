import type { StoryListItem } from "../stories";

/**
 * The three stories to go on with: those in progress (most recently read first), then the next ones
 * not yet started, then the finished ones, in catalogue order.
 */
export function journeyStories(stories: StoryListItem[], count = 3): StoryListItem[] {
  const rank = (story: StoryListItem) => (!story.progress ? 1 : story.progress.completed ? 2 : 0);
  return stories
    .map((story, index) => ({ story, index }))
    .sort(
      (a, b) =>
        rank(a.story) - rank(b.story) ||
        (a.story.progress && b.story.progress && rank(a.story) === 0
          ? b.story.progress.updatedAt.localeCompare(a.story.progress.updatedAt)
          : 0) ||
        a.index - b.index,
    )
    .slice(0, count)
    .map(({ story }) => story);
}
