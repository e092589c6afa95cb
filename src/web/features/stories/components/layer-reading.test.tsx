import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LayerReading, READING_MODE_KEY } from "./layer-reading";

const LAYER = [
  "## The road",
  "The younger son took his share and went far away.",
  "## The pigs",
  "He fed pigs and was hungry (Luke 15:16).",
  "## The way home",
  "His father ran to meet him.",
].join("\n\n");

function renderLayer(text = LAYER) {
  const user = userEvent.setup();
  const result = render(
    <>
      <LayerReading
        text={text}
        picture={<img src="/picture.png" alt="Illustration for Basic Understanding" width={10} height={10} />}
        actions={<button type="button">Move to Layer 2</button>}
      />
      <label>
        Notes
        <input />
      </label>
    </>,
  );
  return { user, ...result };
}

const stepHeading = (name: string) => screen.getByRole("heading", { name });
const currentDot = () => screen.getAllByRole("button", { current: "step" });

beforeEach(() => window.localStorage.clear());
afterEach(() => window.localStorage.clear());

describe("LayerReading in steps", () => {
  it("shows the first step with the layer's picture, its place and no actions yet", () => {
    renderLayer();
    expect(stepHeading("The road")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "The pigs" })).not.toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Illustration for Basic Understanding" })).toBeInTheDocument();
    expect(screen.getByText("Step 1 of 3")).toBeInTheDocument();
    expect(currentDot()).toEqual([screen.getByRole("button", { name: "Step 1" })]);
    expect(screen.queryByRole("button", { name: "Move to Layer 2" })).not.toBeInTheDocument();
    // On the first step there is nowhere to go back to.
    expect(screen.queryByRole("button", { name: "Back" })).not.toBeInTheDocument();
  });

  it("moves with Next and Back, renders only the current step and focuses its heading", async () => {
    const { user } = renderLayer();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(stepHeading("The pigs")).toHaveFocus();
    expect(screen.queryByRole("heading", { name: "The road" })).not.toBeInTheDocument();
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    expect(screen.getByText("Step 2 of 3")).toBeInTheDocument();
    expect(currentDot()).toEqual([screen.getByRole("button", { name: "Step 2" })]);

    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(stepHeading("The road")).toHaveFocus();
    expect(screen.getByRole("img")).toBeInTheDocument();
  });

  it("shows the layer's actions on the last step, where Next goes away", async () => {
    const { user } = renderLayer();
    await user.click(screen.getByRole("button", { name: "Step 3" }));
    expect(stepHeading("The way home")).toHaveFocus();
    expect(screen.getByRole("button", { name: "Move to Layer 2" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Next" })).not.toBeInTheDocument();
  });

  it("moves with the arrow keys, but not while the reader types in a field", async () => {
    const { user } = renderLayer();
    await user.keyboard("{ArrowRight}");
    expect(stepHeading("The pigs")).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(stepHeading("The way home")).toHaveFocus();
    // Past the end stays at the end.
    await user.keyboard("{ArrowRight}");
    expect(screen.getByText("Step 3 of 3")).toBeInTheDocument();
    await user.keyboard("{ArrowLeft}");
    expect(stepHeading("The pigs")).toHaveFocus();

    await user.click(screen.getByRole("textbox", { name: "Notes" }));
    await user.keyboard("{ArrowRight}");
    expect(screen.getByText("Step 2 of 3")).toBeInTheDocument();
  });

  it("moves on a swipe left or right, not on a scroll up or down", () => {
    const { container } = renderLayer();
    const area = container.querySelector("[role=group]")?.parentElement as HTMLElement;
    const swipe = (from: [number, number], to: [number, number]) => {
      fireEvent.touchStart(area, { touches: [{ clientX: from[0], clientY: from[1] }] });
      fireEvent.touchEnd(area, { changedTouches: [{ clientX: to[0], clientY: to[1] }] });
    };
    swipe([300, 400], [120, 410]);
    expect(stepHeading("The pigs")).toHaveFocus();
    swipe([300, 400], [290, 100]);
    expect(screen.getByText("Step 2 of 3")).toBeInTheDocument();
    swipe([100, 400], [300, 390]);
    expect(stepHeading("The road")).toHaveFocus();
  });

  it("goes on with a long section's heading, marked as continued", async () => {
    const long = Array.from({ length: 70 }, () => "word").join(" ");
    const { user } = renderLayer(`## Long part\n\n${long}\n\n${long}\n\n## After\n\nEnd.`);
    expect(screen.getByText("Step 1 of 3")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(stepHeading("Long part (continued)")).toHaveFocus();
  });
});

describe("LayerReading, the whole layer", () => {
  it("switches to the whole layer and back, and remembers the choice on this device", async () => {
    const { user, unmount } = renderLayer();
    await user.click(screen.getByRole("button", { name: "Show the whole layer" }));
    for (const name of ["The road", "The pigs", "The way home"])
      expect(stepHeading(name)).toBeInTheDocument();
    expect(screen.getByRole("img")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Move to Layer 2" })).toBeInTheDocument();
    expect(screen.queryByText(/Step \d of/)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Show in steps" })).toHaveFocus();
    expect(window.localStorage.getItem(READING_MODE_KEY)).toBe("whole");

    unmount();
    const again = renderLayer();
    expect(screen.getByRole("heading", { name: "The way home" })).toBeInTheDocument();
    await again.user.click(screen.getByRole("button", { name: "Show in steps" }));
    expect(screen.getByText("Step 1 of 3")).toBeInTheDocument();
    expect(window.localStorage.getItem(READING_MODE_KEY)).toBe("steps");
  });

  it("shows a layer that is one step long as it is, with nothing to switch", () => {
    renderLayer("## Only\n\nOne short part.");
    expect(stepHeading("Only")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Move to Layer 2" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Show/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Step 1 of/)).not.toBeInTheDocument();
  });
});
