import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LayerReading, READING_MODE_KEY } from "./layer-reading";
import { READING_SENTENCE_CLASS, ReadAlongContext } from "./read-along";

// Sentences, as `layerSentences` numbers them: 0 "The road", 1 "The younger son…", 2 "He went far away.",
// 3 "The pigs", 4 "He fed pigs and was hungry (Luke 15:16).", 5 "The way home", 6 "His father ran to meet him."
const LAYER = [
  "## The road",
  "The younger son took his share. He went far away.",
  "## The pigs",
  "He fed pigs and was hungry (Luke 15:16).",
  "## The way home",
  "His father ran to meet him.",
].join("\n\n");

function renderReadAlong(sentence: number | null, startAt = vi.fn()) {
  const user = userEvent.setup();
  const view = (current: number | null) => (
    <ReadAlongContext.Provider value={{ sentence: current, startAt }}>
      <LayerReading text={LAYER} picture={null} actions={<button type="button">Move to Layer 2</button>} />
    </ReadAlongContext.Provider>
  );
  const result = render(view(sentence));
  return { user, startAt, rerender: (current: number | null) => result.rerender(view(current)) };
}

/** The highlighted words on screen. */
const highlighted = () =>
  Array.from(document.querySelectorAll(`.${READING_SENTENCE_CLASS.split(" ")[1]}`))
    .map((piece) => piece.textContent)
    .join("");

beforeEach(() => window.localStorage.clear());
afterEach(() => window.localStorage.clear());

describe("read-along on the whole layer", () => {
  beforeEach(() => window.localStorage.setItem(READING_MODE_KEY, "whole"));

  it("highlights the sentence being read, and only it, and brings it into view", () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const { rerender } = renderReadAlong(2);
    expect(highlighted()).toBe("He went far away.");
    rerender(4);
    expect(highlighted()).toBe("He fed pigs and was hungry (Luke 15:16).");
    expect(scrolled).toHaveBeenLastCalledWith(expect.objectContaining({ block: "nearest" }));
    rerender(null);
    expect(highlighted()).toBe("");
  });

  it("starts the narration at a tapped sentence, but not from a verse reference's own button", async () => {
    const { user, startAt } = renderReadAlong(null);
    await user.click(screen.getByText("He went far away."));
    expect(startAt).toHaveBeenLastCalledWith(2);
    const heading = screen.getByRole("heading", { name: "The way home" });
    await user.click(heading.querySelector("[data-sentence]") as HTMLElement);
    expect(startAt).toHaveBeenLastCalledWith(5);
    startAt.mockClear();
    await user.click(screen.getByRole("button", { name: /Luke 15:16/ }));
    expect(startAt).not.toHaveBeenCalled();
  });
});

describe("read-along in steps", () => {
  it("turns to the step that holds the sentence being read, leaving the focus where it is", () => {
    const { rerender } = renderReadAlong(null);
    expect(screen.getByText("Step 1 of 3")).toBeInTheDocument();
    const focused = document.activeElement;
    rerender(6);
    expect(screen.getByText("Step 3 of 3")).toBeInTheDocument();
    expect(highlighted()).toBe("His father ran to meet him.");
    expect(document.activeElement).toBe(focused);
  });
});
