import { describe, expect, it } from "vitest";
import { countWords, type LibraryStory, loadLibrary } from "../src/server/features/stories/library";
import { quoteMatches, readVersesFile, versesOf } from "./verses-helpers";

// 'Check your understanding' and the memory verses are reviewed content like the stories themselves: every
// answer must point to a verse the app can show, every quote must be the WEB's own words, and the right
// answer must not sit in one place a child could learn to tap without reading.

const library = await loadLibrary();
const verses = readVersesFile();
/** The most any one position may hold of the library's right answers. */
const MOST_AT_ONE_POSITION = 0.6;
const MEMORY_VERSE_WORDS = { min: 8, max: 40 } as const;

const choicesOf = (story: LibraryStory) =>
  story.layers.flatMap(({ layer, check }) =>
    check.flatMap((item) => (item.kind === "choice" ? [{ layer, ...item }] : [])),
  );

/** Text set in double quotes (straight or curly): the only place Scripture may be quoted in a check. */
function doubleQuoted(text: string): string[] {
  return [...text.matchAll(/["“]([^"”]+)["”]/g)].map((match) => match[1] ?? "");
}

describe("the library's checks and memory verses", () => {
  it("cover all 16 stories with 9 questions each", () => {
    expect(library.length).toBeGreaterThanOrEqual(16);
    for (const story of library) {
      expect(
        story.layers.map((layer) => layer.check.length),
        story.slug,
      ).toEqual([3, 3, 3]);
      expect(choicesOf(story).length, story.slug).toBeGreaterThanOrEqual(8);
    }
  });

  it.each(library.map((story) => [story.slug, story] as const))(
    "%s has a memory verse a child can learn, from the verses file",
    (_, story) => {
      const { keys, missing } = versesOf(verses, story.memoryVerse);
      expect(missing, story.memoryVerse).toEqual([]);
      const words = countWords(keys.map((key) => verses[key]).join(" "));
      expect(words, story.memoryVerse).toBeGreaterThanOrEqual(MEMORY_VERSE_WORDS.min);
      expect(words, story.memoryVerse).toBeLessThanOrEqual(MEMORY_VERSE_WORDS.max);
    },
  );

  it.each(library.map((story) => [story.slug, story] as const))(
    "%s: each question has distinct options, a right answer among them, and a verse from the verses file",
    (_, story) => {
      for (const choice of choicesOf(story)) {
        const where = `${story.slug} layer ${choice.layer}: ${choice.question}`;
        expect(choice.options.length, where).toBeGreaterThanOrEqual(3);
        expect(choice.options.length, where).toBeLessThanOrEqual(4);
        expect(new Set(choice.options.map((option) => option.toLowerCase())).size, where).toBe(
          choice.options.length,
        );
        expect(choice.answer, where).toBeLessThan(choice.options.length);
        expect(versesOf(verses, choice.verse).missing, where).toEqual([]);
      }
    },
  );

  it.each(library.map((story) => [story.slug, story] as const))(
    "%s quotes Scripture in its questions only word for word",
    (_, story) => {
      for (const choice of choicesOf(story))
        for (const quote of [choice.question, ...choice.options].flatMap(doubleQuoted))
          expect(
            quoteMatches(verses, quote, [choice.verse]),
            `${story.slug}: "${quote}" (${choice.verse})`,
          ).toBe(true);
    },
  );

  it("asks the open question only in layer 3, at most once, ending with '?'", () => {
    for (const story of library)
      story.layers.forEach(({ layer, check }) => {
        const open = check.filter((item) => item.kind === "open");
        expect(open.length, `${story.slug} layer ${layer}`).toBeLessThanOrEqual(layer === 3 ? 1 : 0);
        for (const item of open) expect(item.prompt, story.slug).toMatch(/\?$/);
      });
  });

  it("puts the right answer in varied positions across the library", () => {
    const answers = library.flatMap((story) => choicesOf(story).map((choice) => choice.answer));
    const atPosition = new Map<number, number>();
    for (const answer of answers) atPosition.set(answer, (atPosition.get(answer) ?? 0) + 1);
    expect(atPosition.size).toBeGreaterThanOrEqual(3);
    for (const [position, count] of atPosition)
      expect(
        count / answers.length,
        `position ${position}: ${count} of ${answers.length}`,
      ).toBeLessThanOrEqual(MOST_AT_ONE_POSITION);
  });

  it("reads a quote against the verse it cites", () => {
    // The quote check above must be able to fail: a misquote and a quote from elsewhere are refused.
    expect(quoteMatches(verses, "Yahweh will fight for you", ["Exodus 14:14"])).toBe(true);
    expect(quoteMatches(verses, "The Lord will fight for you", ["Exodus 14:14"])).toBe(false);
    expect(quoteMatches(verses, "Yahweh will fight for you", ["Genesis 1:1"])).toBe(false);
    expect(doubleQuoted('Who said "Go and do likewise"? And “Peace be to you”?')).toEqual([
      "Go and do likewise",
      "Peace be to you",
    ]);
  });
});
