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
        <StoryCard story={noah} userLevel={1} userXp={0} />
        <StoryCard story={creation} userLevel={1} userXp={0} headingLevel={2} />
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
        <StoryCard
          story={{ ...noah, progress: { ...progress, completed: true } }}
          userLevel={1}
          userXp={30}
        />
        <StoryCard story={{ ...creation, progress }} userLevel={1} userXp={30} />
      </>,
    );
    const [done, reading] = screen.getAllByRole("article");
    expect(within(done as HTMLElement).getByText("Completed")).toBeInTheDocument();
    expect(within(done as HTMLElement).getByText("Layer 3/3")).toBeInTheDocument();
    expect(within(reading as HTMLElement).getByText("Layer 2/3")).toBeInTheDocument();
    expect(within(reading as HTMLElement).queryByText("Completed")).not.toBeInTheDocument();
  });

  it("shows the story's cover: lazy, sized, decorative and decoded off the main thread", () => {
    renderWithApp(<StoryCard story={noah} userLevel={1} userXp={0} />);
    const cover = screen.getByRole("article").querySelector("img");
    expect(cover).toHaveAttribute("src", "/api/stories/noah-and-the-ark/cover.webp?size=256");
    expect(cover?.getAttribute("srcset")).toContain("/api/stories/noah-and-the-ark/cover.webp?size=512 512w");
    expect(cover).toHaveAttribute("alt", "");
    expect(cover).toHaveAttribute("loading", "lazy");
    expect(cover).toHaveAttribute("decoding", "async");
    expect(cover).toHaveAttribute("width", "256");
    expect(cover).toHaveAttribute("height", "256");
    // alt="" keeps it out of the accessibility tree: the title beside it says what it is.
    expect(screen.queryByRole("img", { name: /noah/i })).not.toBeInTheDocument();
  });

  it("says how far a locked story is, with a taste of its first lines, and offers no way in", () => {
    const david: StoryCardStory = {
      slug: "david-and-goliath",
      title: "David and Goliath",
      blurb: "A shepherd boy trusts God against a giant.",
      difficulty: 3,
      progress: null,
      preview: "King Saul and the army of Israel faced the Philistines.",
    };
    renderWithApp(
      <>
        <StoryCard story={david} userLevel={1} userXp={120} />
        <StoryCard story={{ ...david, difficulty: 2 }} userLevel={1} userXp={35} />
      </>,
    );
    const [far, near] = screen.getAllByRole("article") as HTMLElement[];
    expect(within(far as HTMLElement).getByText(/Reach Level 3/)).toHaveTextContent(
      "Reach Level 3 · 80 XP to go",
    );
    expect(within(near as HTMLElement).getByText(/Reach Level 2/)).toHaveTextContent(
      "Reach Level 2 · 65 XP to go",
    );
    expect(within(far as HTMLElement).getByText(/King Saul/)).toHaveTextContent(
      "How it begins: “King Saul and the army of Israel faced the Philistines.”",
    );
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });

  it("shows no preview on an open story, even when one is sent", () => {
    renderWithApp(
      <StoryCard story={{ ...noah, preview: "Long after creation." }} userLevel={1} userXp={0} />,
    );
    expect(screen.queryByText(/Long after creation/)).not.toBeInTheDocument();
    expect(screen.queryByText(/XP to go/)).not.toBeInTheDocument();
  });

  it("asks first for the cover of a list's first card, the largest paint of a phone's first screen", () => {
    renderWithApp(
      <>
        <StoryCard story={noah} userLevel={1} userXp={0} coverPriority="first" />
        <StoryCard story={creation} userLevel={1} userXp={0} coverPriority="eager" />
      </>,
    );
    const [first, second] = screen.getAllByRole("article").map((card) => card.querySelector("img"));
    expect(first).toHaveAttribute("loading", "eager");
    expect(first).toHaveAttribute("fetchpriority", "high");
    expect(second).toHaveAttribute("loading", "eager");
    expect(second).toHaveAttribute("fetchpriority", "auto");
  });
});
