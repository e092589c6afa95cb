// What other features may use of the stories: the library of story texts (the offline helper reads it, memory
// verses come from it), the lock a reader's level puts on a story, and where a story's illustration is stored
// (deleting an account removes it).
export { type LibraryStory, libraryStoryFor, loadLibrary } from "./library";
export { illustrationKey, requireUnlockedStory } from "./service";
