import { describe, expect, it } from "vitest";
import { BIBLE_MESSAGES, expandVerseReference, lookupVerseKeys, parseVerseReference } from "./verse-lookup";
import { findVerseReferences } from "./verse-reference";

const expand = (reference: string) => {
  const parsed = parseVerseReference(reference);
  return parsed ? expandVerseReference(parsed) : "unreadable";
};

describe("verse references", () => {
  it("expands single verses, ranges and lists within a chapter", () => {
    expect(expand("Luke 15:20")).toEqual(["Luke 15:20"]);
    expect(expand("1 Samuel 17:45-47")).toEqual(["1 Samuel 17:45", "1 Samuel 17:46", "1 Samuel 17:47"]);
    expect(expand("Genesis 1:26-27, 31")).toEqual(["Genesis 1:26", "Genesis 1:27", "Genesis 1:31"]);
    expect(expand("Luke 24:6-7, 44-45")).toEqual(["Luke 24:6", "Luke 24:7", "Luke 24:44", "Luke 24:45"]);
  });

  it("reads list items that name their own chapter, and 'Psalms' as 'Psalm'", () => {
    expect(expand("Daniel 6:10, 6:16")).toEqual(["Daniel 6:10", "Daniel 6:16"]);
    expect(expand("Luke 2:7, 2:10-11")).toEqual(["Luke 2:7", "Luke 2:10", "Luke 2:11"]);
    expect(expand("Psalms 23:1")).toEqual(["Psalm 23:1"]);
    // Found whole in a sentence, not cut to "Daniel 6:10, 6" (which would be a different verse).
    expect(findVerseReferences("He prayed (Daniel 6:10, 6:16, 22), and so")).toEqual([
      "Daniel 6:10, 6:16, 22",
    ]);
    expect(expand("Daniel 6:10, 6:16, 22")).toEqual(["Daniel 6:10", "Daniel 6:16", "Daniel 6:22"]);
  });

  it("leaves a range across chapters unexpanded, and refuses backwards ranges and unknown books", () => {
    expect(expand("Genesis 6:5-9:17")).toBeNull();
    expect(parseVerseReference("Genesis 6:5-9:17")?.ranges).toEqual([
      { start: { chapter: 6, verse: 5 }, end: { chapter: 9, verse: 17 } },
    ]);
    expect(expand("Luke 15:20-18")).toBe("unreadable");
    expect(expand("Hezekiah 1:1")).toBe("unreadable");
    expect(expand("Luke 15")).toBe("unreadable");
  });

  it("answers up to 30 verses in one look-up", () => {
    expect(lookupVerseKeys("Genesis 1:1-30")).toEqual({ keys: expect.any(Array) });
    expect(lookupVerseKeys("Genesis 1:1-31")).toEqual({ problem: BIBLE_MESSAGES.tooLong });
    expect(lookupVerseKeys("Genesis 6:5-9:17")).toEqual({ problem: BIBLE_MESSAGES.tooLong });
    expect(lookupVerseKeys("not a verse")).toEqual({ problem: BIBLE_MESSAGES.malformed });
  });
});
