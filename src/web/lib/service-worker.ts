import { SKIP_WAITING } from "./offline";
import { newVersionWaiting } from "./update-store";

// The page's side of the service worker (src/web/sw/sw.ts, issue 26): registers it, says when a new version
// waits ('A new version is ready'), and hands over to it on 'Reload' or at the next page load. The browser's own
// API, in a few lines: workbox-window would add 2 KB to the landing page's JavaScript for the same three events.

/** The worker vite-plugin-pwa builds (a classic script), for the whole site. */
const SERVICE_WORKER_URL = "/sw.js";

/**
 * What the page fetched before the worker took it (its reads and pictures, as the browser's resource timing
 * lists them), handed to the worker's router with Workbox's own CACHE_URLS message: each URL is fetched and kept
 * as its route says, in the worker's thread, and the page itself does nothing again (asking its reads again
 * re-rendered the whole screen, a long task on a slow phone). Narration is left out: it is kept only as played.
 */
function keepWhatWasFetched(worker: ServiceWorker) {
  const urlsToCache = performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((url) => new URL(url).origin === window.location.origin && !url.includes("/api/speech"));
  worker.postMessage({ type: "CACHE_URLS", payload: { urlsToCache } });
}

/**
 * Registers the service worker once the page has loaded. The first time it takes the page, what the page already
 * fetched is kept too (keepWhatWasFetched).
 */
export async function startServiceWorker(): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  const container = navigator.serviceWorker;
  const hadController = Boolean(container.controller);
  // Set by 'Reload': the page loads again once the new version has taken it.
  let reloadWhenTaken = false;
  container.addEventListener("controllerchange", () => {
    if (reloadWhenTaken) window.location.reload();
    else if (!hadController && container.controller) keepWhatWasFetched(container.controller);
  });

  const registration = await container.register(SERVICE_WORKER_URL, { scope: "/" }).catch(() => null);
  if (!registration) return;

  // A new version is one installed while an older one controls the page; the first install is not an update.
  const offer = (worker: ServiceWorker) =>
    newVersionWaiting(async () => {
      reloadWhenTaken = true;
      worker.postMessage({ type: SKIP_WAITING });
    });
  const follow = (worker: ServiceWorker | null) =>
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed" && container.controller) offer(worker);
    });
  if (registration.waiting && container.controller) offer(registration.waiting);
  follow(registration.installing);
  registration.addEventListener("updatefound", () => follow(registration.installing));
  // Not reloaded by hand: the new version takes over as this page goes (a link out, a reload, a closed tab), so
  // the next page load runs it.
  window.addEventListener("pagehide", () => registration.waiting?.postMessage({ type: SKIP_WAITING }));
}
