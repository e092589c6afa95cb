import type { HeaderList } from "./response-headers";

/**
 * API answers are about one signed-in child at one moment: no browser, proxy or shared device keeps a copy
 * (issue 17). Every answer, errors included, says `no-store`, unless it chose its own caching (the event
 * stream, narration audio, a stored picture's revalidation). Set by the first step (requestContext in app.ts).
 */
export const NO_STORE_HEADERS: HeaderList = [["Cache-Control", "no-store"]];
