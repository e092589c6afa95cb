// Verse references ("Luke 15:20", "1 Samuel 17:45-47", "Genesis 1:1, 27") are found in story text
// by the book names of the Bible, so that "Level 2:30" or a clock time is never mistaken for one.

const BOOKS = [
  "Genesis",
  "Exodus",
  "Leviticus",
  "Numbers",
  "Deuteronomy",
  "Joshua",
  "Judges",
  "Ruth",
  "1 Samuel",
  "2 Samuel",
  "1 Kings",
  "2 Kings",
  "1 Chronicles",
  "2 Chronicles",
  "Ezra",
  "Nehemiah",
  "Esther",
  "Job",
  "Psalm",
  "Psalms",
  "Proverbs",
  "Ecclesiastes",
  "Song of Solomon",
  "Isaiah",
  "Jeremiah",
  "Lamentations",
  "Ezekiel",
  "Daniel",
  "Hosea",
  "Joel",
  "Amos",
  "Obadiah",
  "Jonah",
  "Micah",
  "Nahum",
  "Habakkuk",
  "Zephaniah",
  "Haggai",
  "Zechariah",
  "Malachi",
  "Matthew",
  "Mark",
  "Luke",
  "John",
  "Acts",
  "Romans",
  "1 Corinthians",
  "2 Corinthians",
  "Galatians",
  "Ephesians",
  "Philippians",
  "Colossians",
  "1 Thessalonians",
  "2 Thessalonians",
  "1 Timothy",
  "2 Timothy",
  "Titus",
  "Philemon",
  "Hebrews",
  "James",
  "1 Peter",
  "2 Peter",
  "1 John",
  "2 John",
  "3 John",
  "Jude",
  "Revelation",
];

// Longest names first so that "1 John" wins over "John".
const bookPattern = [...BOOKS].sort((a, b) => b.length - a.length).join("|");

/**
 * Matches "Book chapter:verse", with an optional range and further verses ("1:26-28, 31"); a further item
 * may name its own chapter ("Daniel 6:10, 6:16"), which otherwise would be cut to "Daniel 6:10, 6".
 */
export const VERSE_REFERENCE_SOURCE = `\\b(?:${bookPattern}) \\d{1,3}:\\d{1,3}(?:[-–]\\d{1,3}(?::\\d{1,3})?)?(?:, ?\\d{1,3}(?::\\d{1,3})?(?:[-–]\\d{1,3})?)*`;

export function verseReferencePattern(): RegExp {
  return new RegExp(VERSE_REFERENCE_SOURCE, "g");
}

export function findVerseReferences(text: string): string[] {
  return [...text.matchAll(verseReferencePattern())].map((match) => match[0]);
}
