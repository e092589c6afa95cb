// What other features may use of memory verses: the story page's card (the practice loads from it), home's
// 'Verses to review today' (the review loads from it) and the profile's 'My verses'.
export { useMemoryVerses } from "./api/get-memory-verses";
export { LearnVerseCard } from "./components/learn-verse-card";
export { MyVerses } from "./components/my-verses";
export { VersesToReview } from "./components/verses-to-review";
