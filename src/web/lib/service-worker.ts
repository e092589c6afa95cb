import { registerSW } from "virtual:pwa-register";
import type { QueryClient } from "@tanstack/react-query";
import { SKIP_WAITING } from "./offline";
import { newVersionWaiting } from "./update-store";

// The page's side of the service worker (src/web/sw/sw.ts, issue 26): registers it, says when a new version
// waits ('A new version is ready'), and hands over to it on 'Reload' or at the next page load.

/**
 * Registers the service worker once the page has loaded. The first time it takes the page, the reads on screen
 * and its pictures are asked for again, through it, so that what the reader is looking at is kept too.
 */
export function startServiceWorker(queryClient: QueryClient): void {
  if (!("serviceWorker" in navigator)) return;
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController) return;
    void queryClient.refetchQueries({ type: "active" });
    for (const image of document.querySelectorAll<HTMLImageElement>("img[src^='/']"))
      void fetch(image.src).catch(() => {});
  });
  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh() {
      newVersionWaiting(() => updateServiceWorker(true));
    },
    onRegisteredSW(_url, registration) {
      // Not reloaded by hand: the new version takes over as this page goes (a link out, a reload, a closed tab),
      // so the next page load runs it.
      window.addEventListener("pagehide", () => registration?.waiting?.postMessage({ type: SKIP_WAITING }));
    },
  });
}
