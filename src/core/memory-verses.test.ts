import { describe, expect, it } from "vitest";
import { addDays, dueAfter, isVerseSaid, nextBox, verseWords } from "./memory-verses";

describe("memory verses", () => {
  it("compares the words in order, whatever the case, quotation marks and punctuation", () => {
    const verse = "“Yahweh will fight for you, and you shall be still.”";
    expect(verseWords(verse)).toEqual([
      "yahweh",
      "will",
      "fight",
      "for",
      "you",
      "and",
      "you",
      "shall",
      "be",
      "still",
    ]);
    expect(
      isVerseSaid(verse, ["Yahweh", "will", "fight", "for", "you,", "and", "you", "shall", "be", "still."]),
    ).toBe(true);
    expect(
      isVerseSaid(verse, ["Yahweh", "will", "fight", "for", "you", "and", "you", "shall", "still", "be"]),
    ).toBe(false);
    expect(isVerseSaid(verse, ["Yahweh", "will", "fight"])).toBe(false);
    expect(isVerseSaid("Abraham’s faith", ["abraham's", "faith"])).toBe(true);
  });

  it("moves a verse up a box when right and back to the first when wrong, due after 1, 3, 7, 14 and 30 days", () => {
    expect([1, 2, 3, 4, 5].map((box) => nextBox(box, true))).toEqual([2, 3, 4, 5, 5]);
    expect([1, 3, 5].map((box) => nextBox(box, false))).toEqual([1, 1, 1]);
    expect([1, 2, 3, 4, 5].map((box) => dueAfter("2026-12-30", box))).toEqual([
      "2026-12-31",
      "2027-01-02",
      "2027-01-06",
      "2027-01-13",
      "2027-01-29",
    ]);
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });
});
