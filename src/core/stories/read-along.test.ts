import { describe, expect, it } from "vitest";
import {
  estimatedStartTimes,
  fillStartTimes,
  layerSentences,
  sentenceAt,
  sentenceBreaks,
  sentenceStartTimes,
  spokenSentences,
} from "./read-along";
import { parseStoryText } from "./story-text";

const layer = `# 📖 The Lost Son

Jesus told a story. The father saw him "far off!" He **ran**. (Luke 15:20)

- Home again. Safe.
- Loved`;

describe("layerSentences", () => {
  it("numbers every sentence in reading order, list items included, and finds each run's first", () => {
    const blocks = parseStoryText(layer);
    const { sentences, firstSentence } = layerSentences(blocks);
    expect(sentences).toEqual([
      "📖 The Lost Son",
      "Jesus told a story.",
      'The father saw him "far off!"',
      "He ran.",
      "(Luke 15:20)",
      "Home again.",
      "Safe.",
      "Loved",
    ]);
    const [heading, paragraph, list] = blocks;
    expect(heading?.type === "heading" && firstSentence.get(heading.spans)).toBe(0);
    expect(paragraph?.type === "paragraph" && firstSentence.get(paragraph.spans)).toBe(1);
    expect(list?.type === "list" && list.items.map((item) => firstSentence.get(item))).toEqual([5, 7]);
  });

  it("says each sentence as a voice would: no icons, and a full stop after a heading or item ending in a word", () => {
    const { sentences } = layerSentences(parseStoryText(layer));
    expect(spokenSentences(sentences)).toEqual([
      "The Lost Son.",
      "Jesus told a story.",
      "The father saw him far off!",
      "He ran.",
      "(Luke 15:20)",
      "Home again.",
      "Safe.",
      "Loved.",
    ]);
  });

  it("breaks only where a sentence ends and another follows", () => {
    expect(sentenceBreaks("One. Two! Three? Four… Five")).toEqual([5, 10, 17, 23]);
    expect(sentenceBreaks("Mr Smith said 3.5 times. ")).toEqual([]);
  });
});

describe("sentenceStartTimes", () => {
  const timingsOf = (characters: string) => ({
    characters,
    starts: Array.from(characters, (_, index) => index / 10),
  });

  it("finds each sentence's first spoken character in the voice's timings, in order", () => {
    const spoken = "The Lost Son. Jesus told a story. He ran.";
    const starts = sentenceStartTimes(["The Lost Son.", "Jesus told a story.", "He ran."], timingsOf(spoken));
    expect(starts).toEqual([0, spoken.indexOf("Jesus") / 10, spoken.indexOf("He ran") / 10]);
  });

  it("leaves a sentence the timings do not show as null, and one with nothing to say too", () => {
    const starts = sentenceStartTimes(
      ["Hello there.", "Not spoken at all.", "", "Goodbye."],
      timingsOf("Hello there. Goodbye."),
    );
    expect(starts).toEqual([0, null, null, 1.3]);
  });
});

describe("where the narration is", () => {
  it("places unknown starts evenly between known ones, and the first at 0", () => {
    expect(fillStartTimes([null, 2, null, null, 8], 10)).toEqual([0, 2, 4, 6, 8]);
    expect(fillStartTimes([0, 4, null], 10)).toEqual([0, 4, 7]);
  });

  it("reads the sentence whose start has passed", () => {
    expect(sentenceAt([0, 2, 5], 0, 9)).toBe(0);
    expect(sentenceAt([0, 2, 5], 4.9, 9)).toBe(1);
    expect(sentenceAt([0, 2, 5], 7, 9)).toBe(2);
  });

  it("spreads sentences over the audio by their length when there are no timings", () => {
    expect(estimatedStartTimes(["Four", "Eight!!!", "Four"], 16)).toEqual([0, 4, 12]);
  });
});
