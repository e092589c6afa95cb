// What other features may use of the stories: the library of story texts (the offline helper reads it) and
// where a story's illustration is stored (deleting an account removes it).
export { type LibraryStory, loadLibrary } from "./library";
export { illustrationKey } from "./service";
