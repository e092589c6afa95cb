// Memory verses (issue 23): each library story names one; a reader practises it, then reviews it on a spaced
// schedule (Leitner boxes). Shared by the server, which judges and schedules, and the screens.

/** Days until the next review after a right answer in each box: box 1 is due the next day, box 5 a month on. */
export const LEITNER_INTERVALS_DAYS = [1, 3, 7, 14, 30] as const;
export const LEITNER_BOXES = LEITNER_INTERVALS_DAYS.length;

export const MEMORY_VERSE_MESSAGES = {
  myVerses: "My verses",
  learn: "Learn this verse",
  dueToday: "Verses to review today",
  notRight: "Not quite yet. Try putting the words in order again.",
  notLearnt: "You haven't learnt this verse yet.",
  notDue: "This verse isn't due for review yet.",
  alreadyLearnt: "You've already learnt this verse.",
  storyNotFound: "Story not found",
  wordsRequired: "Please put the words in order first.",
} as const;

/** The words of a verse as a reader arranges them: case, quotation marks and punctuation aside. */
export function verseWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/[^\p{L}\p{N}' -]+/gu, " ")
    .replace(/(^|\s)'+|'+(\s|$)/g, "$1$2")
    .split(/\s+/)
    .filter(Boolean);
}

/** Whether the reader's words are the verse's, in order. */
export function isVerseSaid(verse: string, words: readonly string[]): boolean {
  const expected = verseWords(verse);
  const given = verseWords(words.join(" "));
  return expected.length === given.length && expected.every((word, index) => word === given[index]);
}

/** A `YYYY-MM-DD` day `days` later, by the calendar. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The box after a review: up one when right (at most the last), back to the first when wrong. */
export function nextBox(box: number, right: boolean): number {
  return right ? Math.min(box + 1, LEITNER_BOXES) : 1;
}

/** The day a verse in `box` (1-5) is next due, reviewed on `day`. */
export function dueAfter(day: string, box: number): string {
  return addDays(day, LEITNER_INTERVALS_DAYS[Math.min(Math.max(box, 1), LEITNER_BOXES) - 1] ?? 1);
}
