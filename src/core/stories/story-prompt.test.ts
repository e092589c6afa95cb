import { describe, expect, it } from "vitest";
import { buildImagePrompt, findImageStyle, IMAGE_STYLES } from "./image-styles";
import { buildStoryMessages, buildStoryUserMessage, TEACHING_PERSONA } from "./story-prompt";

const story = { title: "The Prodigal Son", scripture: "Luke 15:11-32", blurb: "A son comes home." };

describe("the story prompt", () => {
  it("puts the persona and the layer's guidance in the system message", () => {
    const [system, user] = buildStoryMessages({ story, layer: 2, step: 1 }, "Reflect on the father's love.");
    expect(system?.role).toBe("system");
    expect(system?.content).toContain(TEACHING_PERSONA);
    expect(system?.content).toContain("Reflect on the father's love.");
    expect(TEACHING_PERSONA).toMatch(/4th to 12th grade/);
    expect(TEACHING_PERSONA).toMatch(/aged 7 to 18/);
    expect(user?.role).toBe("user");
  });

  it("builds the user message from story, layer, step, choice and previous context", () => {
    const message = buildStoryUserMessage({
      story,
      layer: 3,
      step: 1,
      choice: "  I would forgive him  ",
      previousContext: "Layer one text.",
    });
    expect(message).toContain("Story: The Prodigal Son (Luke 15:11-32)");
    expect(message).toContain("Layer 3 of 3: Life Application");
    expect(message).toContain("Step: 1");
    expect(message).toContain("The reader chose: I would forgive him");
    expect(message).toContain("Layer one text.");
  });

  it("leaves out what the reader has not given and keeps long context to its end", () => {
    const message = buildStoryUserMessage({
      story,
      layer: 1,
      step: 1,
      previousContext: `${"a".repeat(3000)}END`,
    });
    expect(message).not.toContain("The reader chose");
    expect(message).toContain("END");
    expect(message.length).toBeLessThan(2000);
  });
});

describe("the image prompt", () => {
  it("has six styles with the spec's names", () => {
    expect(IMAGE_STYLES.map((style) => style.name)).toEqual([
      "Classic Biblical Art",
      "Modern Illustration",
      "Watercolor",
      "Stained Glass",
      "Cartoon/Animation",
      "Realistic",
    ]);
    expect(findImageStyle("nope")).toBeUndefined();
  });

  it("is the style's snippet, then the story text, the direction and the audience", () => {
    const style = findImageStyle("watercolor");
    if (!style) throw new Error("missing style");
    const prompt = buildImagePrompt(style, "The father   ran\nto meet his son.", "Sunset colours");
    expect(prompt.startsWith(style.promptSnippet)).toBe(true);
    expect(prompt).toContain("The father ran to meet his son.");
    expect(prompt).toContain("Additional direction: Sunset colours");
    expect(prompt).toMatch(/aged 7 to 18/);
    expect(prompt).toMatch(/no words/);
  });
});
