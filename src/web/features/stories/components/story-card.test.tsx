import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../../../test/render";
import { StoryCard, type StoryCardStory } from "./story-card";

const noah: StoryCardStory = {
  slug: "noah-and-the-ark",
  title: "Noah and the Ark",
  blurb: "God keeps Noah and his family safe.",
  difficulty: 1,
  progress: null,
};
const creation: StoryCardStory = { ...noah, slug: "creation", title: "Creation" };

describe("a story card", () => {
  it("is an h3 under a section's h2 (home), and an h2 straight under a page's h1 (/stories)", () => {
    renderWithApp(
      <>
        <StoryCard story={noah} userLevel={1} />
        <StoryCard story={creation} userLevel={1} headingLevel={2} />
      </>,
    );
    expect(screen.getByRole("heading", { level: 3, name: "Noah and the Ark" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Creation" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Start Reading: Creation" })).toHaveAttribute(
      "href",
      "/stories/creation",
    );
  });

  it("shows 'Layer 3/3' beside 'Completed' once the story is done, and 'Layer n/3' while it is read", () => {
    const progress = {
      currentLayer: 2 as const,
      highestLayerReached: 3 as const,
      completed: false,
      completedAt: null,
      updatedAt: "2026-11-01T00:00:00.000Z",
    };
    renderWithApp(
      <>
        <StoryCard story={{ ...noah, progress: { ...progress, completed: true } }} userLevel={1} />
        <StoryCard story={{ ...creation, progress }} userLevel={1} />
      </>,
    );
    const [done, reading] = screen.getAllByRole("article");
    expect(within(done as HTMLElement).getByText("Completed")).toBeInTheDocument();
    expect(within(done as HTMLElement).getByText("Layer 3/3")).toBeInTheDocument();
    expect(within(reading as HTMLElement).getByText("Layer 2/3")).toBeInTheDocument();
    expect(within(reading as HTMLElement).queryByText("Completed")).not.toBeInTheDocument();
  });
});
