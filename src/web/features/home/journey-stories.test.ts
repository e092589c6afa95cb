import { describe, expect, it } from "vitest";
import type { StoryListItem } from "../stories/api/get-stories";
import { journeyStories } from "./journey-stories";

const story = (slug: string, progress: Partial<NonNullable<StoryListItem["progress"]>> | null = null) =>
  ({
    id: slug.length,
    slug,
    title: slug,
    blurb: "",
    difficulty: 1,
    progress: progress && {
      currentLayer: 1,
      highestLayerReached: 1,
      completed: false,
      completedAt: null,
      updatedAt: "2026-11-01T00:00:00.000Z",
      ...progress,
    },
  }) as StoryListItem;

describe("Continue Your Journey", () => {
  it("shows the first three stories to a new reader", () => {
    const stories = ["a", "b", "c", "d"].map((slug) => story(slug));
    expect(journeyStories(stories).map((entry) => entry.slug)).toEqual(["a", "b", "c"]);
  });

  it("puts stories in progress first, most recent first, then new ones, then finished ones", () => {
    const stories = [
      story("done", { completed: true, updatedAt: "2026-11-20T00:00:00.000Z" }),
      story("new"),
      story("older", { updatedAt: "2026-11-02T00:00:00.000Z" }),
      story("newer", { updatedAt: "2026-11-10T00:00:00.000Z" }),
    ];
    expect(journeyStories(stories).map((entry) => entry.slug)).toEqual(["newer", "older", "new"]);
    expect(journeyStories(stories, 4).at(-1)?.slug).toBe("done");
  });
});
