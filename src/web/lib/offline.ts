// What the service worker (src/web/sw/sw.ts) and the page agree on: the caches that keep what a reader has
// opened for offline reading (issue 26), and the messages between them. Plain constants: the worker bundles
// this file too.

/** API reads the page needs to show what was opened: the session, the profile, the story list and pages. */
export const READS_CACHE = "lamplight-reads";
/** Story illustrations and covers. */
export const PICTURES_CACHE = "lamplight-pictures";
/** Narration audio that was played, under a key of the story and layer (it is fetched with a POST). */
export const NARRATION_CACHE = "lamplight-narration";

/** Every cache that holds what one reader opened: emptied when they sign out (a family tablet is shared). */
export const READER_CACHES = [READS_CACHE, PICTURES_CACHE, NARRATION_CACHE] as const;

/**
 * The caps of least-recently-used entries, about 100 MB in all: a few hundred small JSON reads, pictures of
 * up to a few hundred kilobytes each, narrations of about a megabyte each.
 */
export const CACHE_LIMITS = { reads: 300, pictures: 150, narration: 30 } as const;

/** The key a story layer's narration is kept under (the audio itself comes from POST /api/speech). */
export const narrationKey = (slug: string, layer: number) =>
  `/offline/narration/${encodeURIComponent(slug)}/${layer}`;

/** A story page's read, whose cached copy means the story can be read offline. */
export const storyReadPath = (slug: string) => `/api/stories/${encodeURIComponent(slug)}`;

/** Where answers given offline wait to be sent (src/web/lib/offline-queue.ts). */
export const OFFLINE_ANSWERS_KEY = "lamplight.offline-answers";

/** The page asks a waiting new version to take over ('Reload' on 'A new version is ready'). */
export const SKIP_WAITING = "SKIP_WAITING";

export const OFFLINE_MESSAGES = {
  banner: "You're offline. Stories you've opened still work.",
  notAvailable: "This story isn't available offline yet.",
  needsConnection: "You're offline. This needs a connection.",
  availableOffline: "Available offline",
  updateReady: "A new version is ready",
  /** An answer given offline, kept to be checked when the connection returns. */
  answerQueued: "Saved. Your answer will be checked when you're back online.",
  answersSent: (count: number) =>
    count === 1 ? "Your answer from offline was sent." : `Your ${count} answers from offline were sent.`,
  answersDropped: (count: number) =>
    count === 1
      ? "One answer from offline waited more than 7 days, so it was not sent."
      : `${count} answers from offline waited more than 7 days, so they were not sent.`,
  reload: "Reload",
} as const;
