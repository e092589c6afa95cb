import { act, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LAYERS } from "../../../../core/stories/layers";
import { COMPLETION_MESSAGE, REPEAT_COMPLETION_MESSAGE } from "../../../../core/stories/progress";
import { reduceMotion, renderWithApp } from "../../../test/render";
import { useLevelUpHeld } from "../../profile/components/level-up-watch";
import {
  type Completion,
  StoryCompleteTally,
  storyXpLines,
  TALLY_SETTLE_MS,
  TALLY_STEP_MS,
  type TallyLayer,
} from "./story-complete-tally";

const allRead: TallyLayer[] = LAYERS.map(({ layer, name }) => ({ layer, name, content: `Layer ${layer}.` }));

function HoldProbe() {
  return <p data-testid="held">{useLevelUpHeld() ? "held" : "free"}</p>;
}

function renderTally(completion: Completion | null, layers: TallyLayer[] = allRead) {
  return renderWithApp(
    <>
      <button type="button">Mark Story Complete</button>
      <StoryCompleteTally
        slug="noah-and-the-ark"
        title="Noah and the Ark"
        layers={layers}
        completion={completion}
      />
      <HoldProbe />
    </>,
  );
}

const lineTexts = () =>
  [...document.querySelectorAll("[data-tally-line]")].map((line) => line.textContent?.replace(/\s+/g, " "));
const held = () => screen.getByTestId("held").textContent;

afterEach(() => {
  vi.useRealTimers();
});

describe("storyXpLines", () => {
  it("counts each layer the reader wrote and finishing the story", () => {
    expect(storyXpLines(allRead)).toEqual([
      { label: "Layer 1: Basic Understanding", xp: 10 },
      { label: "Layer 2: Deeper Reflection", xp: 10 },
      { label: "Layer 3: Life Application", xp: 10 },
      { label: "Story complete", xp: 50 },
    ]);
    expect(storyXpLines([{ layer: 1, name: "Basic Understanding", content: null }])).toEqual([
      { label: "Story complete", xp: 50 },
    ]);
  });
});

describe("StoryCompleteTally", () => {
  it("just completed: the cover, 'Story Complete!' with the focus, the server's message and the XP tally", async () => {
    reduceMotion(false);
    renderTally({ message: COMPLETION_MESSAGE });

    const heading = screen.getByRole("heading", { name: "Story Complete!" });
    expect(heading).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent(COMPLETION_MESSAGE);
    const cover = document.querySelector("img");
    expect(cover).toHaveAttribute("src", "/api/stories/noah-and-the-ark/cover.webp?size=256");
    expect(cover).toHaveAttribute("alt", "");
    expect(cover).toHaveAttribute("height", "256");
    expect(lineTexts()).toEqual([
      "Layer 1: Basic Understanding+10",
      "Layer 2: Deeper Reflection+10",
      "Layer 3: Life Application+10",
      "Story complete+50",
    ]);
    // Screen readers hear the total once; the eyes see it count up to it.
    expect(screen.getByText("+80 XP", { selector: ".sr-only" })).toBeInTheDocument();
    await vi.waitFor(() => expect(document.querySelector("[data-tally-total]")).toHaveTextContent("+80 XP"), {
      timeout: 4000,
    });
    expect(screen.getByRole("link", { name: "More Stories" })).toHaveAttribute("href", "/stories");
    expect(screen.getByRole("link", { name: "Ask Questions" })).toHaveAttribute("href", "/qna");
  });

  it("holds a level-up until the tally has counted and settled, then lets it follow", () => {
    reduceMotion(false);
    vi.useFakeTimers();
    renderTally({ message: COMPLETION_MESSAGE });
    const settleMs = 4 * TALLY_STEP_MS + TALLY_SETTLE_MS;

    expect(held()).toBe("held");
    act(() => vi.advanceTimersByTime(settleMs - 1));
    expect(held()).toBe("held");
    act(() => vi.advanceTimersByTime(1));
    expect(held()).toBe("free");
  });

  it("lets a level-up go at once when the reader leaves the tally", async () => {
    function Page() {
      const [onStory, setOnStory] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOnStory(false)}>
            More Stories
          </button>
          {onStory && (
            <StoryCompleteTally
              slug="noah-and-the-ark"
              title="Noah and the Ark"
              layers={allRead}
              completion={{ message: COMPLETION_MESSAGE }}
            />
          )}
          <HoldProbe />
        </>
      );
    }
    const { user } = renderWithApp(<Page />);
    expect(held()).toBe("held");
    await user.click(screen.getByRole("button", { name: "More Stories" }));
    expect(held()).toBe("free");
  });

  it("with reduced motion shows the finished tally at once, still before a level-up", () => {
    reduceMotion(true);
    vi.useFakeTimers();
    renderTally({ message: COMPLETION_MESSAGE });

    expect(document.querySelector("[data-tally-total]")).toHaveTextContent("+80 XP");
    const section = screen.getByRole("region", { name: "Story Complete!" });
    for (const element of [section, ...section.querySelectorAll("*")]) {
      const classes = element.getAttribute("class")?.split(/\s+/) ?? [];
      expect(classes.filter((name) => /^(animate|transition(?!-colors$)|starting:)/.test(name))).toEqual([]);
    }
    expect(held()).toBe("held");
    act(() => vi.advanceTimersByTime(TALLY_SETTLE_MS));
    expect(held()).toBe("free");
  });

  it("opened on a story completed before: the same tally, no message, no focus taken, nothing held", () => {
    renderTally(null);
    const button = screen.getByRole("button", { name: "Mark Story Complete" });
    expect(screen.getByRole("heading", { name: "Story Complete!" })).not.toHaveFocus();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(document.querySelector("[data-tally-total]")).toHaveTextContent("+80 XP");
    expect(held()).toBe("free");
    expect(button).not.toHaveFocus();
  });

  it("read again: the server's words for a second reading, and the XP the story brought", () => {
    renderTally({ message: REPEAT_COMPLETION_MESSAGE });
    expect(screen.getByRole("status")).toHaveTextContent(REPEAT_COMPLETION_MESSAGE);
    expect(screen.getByText("XP from this story")).toBeInTheDocument();
    expect(lineTexts()).toHaveLength(4);
  });
});
