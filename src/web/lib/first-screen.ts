/** The longest a page load holds its background work back for its first screen (a read that hangs, say). */
const SETTLE_LIMIT_MS = 10_000;
const CHECK_EVERY_MS = 250;

/** Whether the page still shows a spinner, or waits for a picture it asked for straight away. */
function screenStillLoading(): boolean {
  if (document.querySelector('[role="status"] .animate-spin')) return true;
  return [...document.images].some((image) => image.loading !== "lazy" && !image.complete);
}

/**
 * Resolves once the screen a page load opened is drawn with its reads and its first pictures: nothing read is
 * in flight, no spinner shows and no eager picture is still on its way, twice in a row a quarter of a second
 * apart (a screen's chunk can load between its session and its reads). At most after `limitMs`.
 *
 * For work that competes with that screen for a phone's connection: the service worker's install downloads
 * the whole app shell, about 1 MB, which on a slow network would otherwise arrive beside the story list's
 * first cover and hold it back by seconds.
 */
export function whenFirstScreenSettled(
  readsInFlight: () => boolean,
  limitMs = SETTLE_LIMIT_MS,
): Promise<void> {
  const started = performance.now();
  return new Promise((resolve) => {
    let quietChecks = 0;
    const check = () => {
      quietChecks = readsInFlight() || screenStillLoading() ? 0 : quietChecks + 1;
      if (quietChecks >= 2 || performance.now() - started >= limitMs) resolve();
      else setTimeout(check, CHECK_EVERY_MS);
    };
    check();
  });
}
