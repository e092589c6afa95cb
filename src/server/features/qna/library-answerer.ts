import { loadLibrary } from "../stories";
import { createLibraryAnswerer, type LibraryAnswerer } from "./library-answers";

let answerer: Promise<LibraryAnswerer> | undefined;

/** The offline helper's index over the story library, built once on first use and shared by every request. */
export function libraryAnswerer(): Promise<LibraryAnswerer> {
  answerer ??= loadLibrary().then(createLibraryAnswerer);
  // A failed build is not remembered, so the next question tries again.
  answerer.catch(() => {
    answerer = undefined;
  });
  return answerer;
}
