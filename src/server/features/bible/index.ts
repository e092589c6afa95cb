// What other features may use of the Bible feature: the World English Bible's words of the verses we ship
// (the offline helper quotes its question bank's verses from them, never retyped).
export { findVerses, unknownVerseReferences, wordsOfReference } from "./verses";
