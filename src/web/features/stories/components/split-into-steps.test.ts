import { describe, expect, it } from "vitest";
import { parseStoryText, spansText } from "../../../../core/stories/story-text";
import { splitIntoSteps } from "./split-into-steps";

const words = (count: number, word = "word") => Array.from({ length: count }, () => word).join(" ");
const firstText = (blocks: ReturnType<typeof parseStoryText>) => {
  const first = blocks[0];
  return first && first.type !== "list" ? spansText(first.spans) : "";
};

describe("splitIntoSteps", () => {
  it("starts a step at each heading, with the paragraphs under it", () => {
    const steps = splitIntoSteps(
      parseStoryText(
        "# The road\n\nHe went.\n\nFar away.\n\n## Home\n\nHe came back.\n\n## The feast\n\nThey ate.",
      ),
    );
    expect(steps.map((step) => firstText(step.blocks))).toEqual(["The road", "Home", "The feast"]);
    expect(steps.map((step) => step.blocks.length)).toEqual([3, 2, 2]);
    expect(steps.every((step) => step.continues === null)).toBe(true);
  });

  it("keeps the text before the first heading as a step of its own", () => {
    const steps = splitIntoSteps(parseStoryText("A short opening.\n\n## Next part\n\nMore."));
    expect(steps).toHaveLength(2);
    expect(steps[0]?.blocks.map((block) => block.type)).toEqual(["paragraph"]);
  });

  it("keeps a heading straight over another heading in one step", () => {
    const steps = splitIntoSteps(parseStoryText("# Title\n\n## Part one\n\nWords here."));
    expect(steps).toHaveLength(1);
    expect(steps[0]?.blocks.map((block) => block.type)).toEqual(["heading", "heading", "paragraph"]);
  });

  it("splits a long section again at a paragraph boundary, about a phone screen each", () => {
    const section = `## Long\n\n${words(50, "a")}\n\n${words(50, "b")}\n\n${words(50, "c")}\n\n${words(50, "d")}`;
    const steps = splitIntoSteps(parseStoryText(section), 120);
    expect(steps).toHaveLength(2);
    // 50 + 50 fit; the third would make 150 words, so it opens the next step, which goes on with 'Long'.
    expect(steps[0]?.blocks.map((block) => block.type)).toEqual(["heading", "paragraph", "paragraph"]);
    expect(steps[1]?.blocks).toHaveLength(2);
    expect(steps[1]?.continues).toEqual(parseStoryText("## Long")[0]);
    expect(firstText(steps[1]?.blocks ?? [])).toMatch(/^c c/);
  });

  it("never cuts a paragraph longer than the limit", () => {
    const steps = splitIntoSteps(parseStoryText(`## One\n\n${words(200)}\n\nShort after.`), 120);
    expect(steps).toHaveLength(2);
    expect(firstText(steps[0]?.blocks.slice(1) ?? [])).toBe(words(200));
  });

  it("counts list items, quotes and action cards as words too", () => {
    const text = `- ${words(70)}\n- ${words(10)}\n\n> "${words(30)}" (Luke 15:20)\n\nTry: ${words(30)}`;
    const steps = splitIntoSteps(parseStoryText(text), 120);
    expect(steps.map((step) => step.blocks.map((block) => block.type))).toEqual([
      ["list", "quote"],
      ["action"],
    ]);
  });

  it("gives nothing for an empty text", () => {
    expect(splitIntoSteps(parseStoryText(""))).toEqual([]);
  });
});
