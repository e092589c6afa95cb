import { describe, expect, it } from "vitest";
import { isVerseSaid } from "../../../core/memory-verses";
import { halfBlanks, shuffled, twoBlanks, verseTokens, wordChoices, wordsOf } from "./practice";

const GENESIS_1_1 = "In the beginning, God created the heavens and the earth.";
const PSALM_46_10 =
  "“Be still, and know that I am God. I will be exalted among the nations. I will be exalted in the earth.”";

describe("a verse's words for practice", () => {
  it("keeps each word's printed marks apart from the word a tile shows", () => {
    const tokens = verseTokens(PSALM_46_10);
    expect(tokens[0]).toEqual({ printed: "“Be", word: "Be", key: "be" });
    expect(tokens[1]).toEqual({ printed: "still,", word: "still", key: "still" });
    expect(tokens.at(-1)).toEqual({ printed: "earth.”", word: "earth", key: "earth" });
  });

  it("joins a mark standing alone to the word before it, and keeps apostrophes inside words", () => {
    const tokens = verseTokens("the lions’ mouths — and doesn’t save");
    expect(tokens.map((token) => token.printed)).toEqual([
      "the",
      "lions’",
      "mouths —",
      "and",
      "doesn’t",
      "save",
    ]);
    expect(tokens.map((token) => token.word)).toEqual(["the", "lions", "mouths", "and", "doesn’t", "save"]);
  });

  it("gives back words the server takes as the verse said", () => {
    for (const verse of [GENESIS_1_1, PSALM_46_10, "the lions’ mouths — and doesn’t save"])
      expect(isVerseSaid(verse, wordsOf(verseTokens(verse)))).toBe(true);
  });
});

describe("the blanks of the fill-in steps", () => {
  const tokens = verseTokens(GENESIS_1_1);

  it("step 1 hides the two longest words (the first of equals), in the verse's order", () => {
    expect(twoBlanks(tokens).map((index) => tokens[index]?.word)).toEqual(["beginning", "created"]);
  });

  it("step 2 hides every other word, starting with the second", () => {
    expect(halfBlanks(tokens).map((index) => tokens[index]?.word)).toEqual([
      "the",
      "God",
      "the",
      "and",
      "earth",
    ]);
  });

  it("a verse of one word has that one blank in both steps", () => {
    const one = verseTokens("Rejoice!");
    expect(twoBlanks(one)).toEqual([0]);
    expect(halfBlanks(one)).toEqual([0]);
  });

  it("step 1 offers the missing words and two other words of the verse; step 2 only the missing ones", () => {
    const stepOne = wordChoices(tokens, twoBlanks(tokens), true);
    expect(stepOne).toHaveLength(4);
    expect(stepOne.map((choice) => choice.word)).toEqual(expect.arrayContaining(["beginning", "created"]));
    const extras = stepOne.filter((choice) => choice.word !== "beginning" && choice.word !== "created");
    expect(new Set(extras.map((choice) => choice.key)).size).toBe(2);
    for (const extra of extras) expect(tokens.map((token) => token.key)).toContain(extra.key);

    const stepTwo = wordChoices(tokens, halfBlanks(tokens), false);
    expect(stepTwo.map((choice) => choice.word).sort()).toEqual(["God", "and", "earth", "the", "the"]);
  });

  it("offers the same words in the same order each time", () => {
    expect(wordChoices(tokens, twoBlanks(tokens), true)).toEqual(
      wordChoices(tokens, twoBlanks(tokens), true),
    );
  });
});

describe("a shuffle", () => {
  it("is the same for the same seed and holds every item once", () => {
    const items = ["a", "b", "c", "d", "e", "f"];
    expect(shuffled(items, "seed")).toEqual(shuffled(items, "seed"));
    expect([...shuffled(items, "seed")].sort()).toEqual(items);
  });

  it("never leaves two or more items in their own order", () => {
    for (let seed = 0; seed < 200; seed++) {
      expect(shuffled([1, 2], String(seed))).toEqual([2, 1]);
      expect(shuffled([1, 2, 3], String(seed))).not.toEqual([1, 2, 3]);
    }
  });
});
