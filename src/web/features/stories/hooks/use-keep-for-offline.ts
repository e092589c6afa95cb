import { useEffect } from "react";
import { READS_CACHE, storyReadPath } from "../../../lib/offline";
import type { StoryPageData } from "../api/get-story";

/**
 * Keeps the service worker's copy of this story's page as the reader sees it (issue 26). A layer written, its
 * picture drawn or a move to the next layer changes the page here without a new read, so the copy the worker
 * kept when the page was read would still show the story as it was before. The page as it stands is written
 * over that copy at once: a reader who loses the connection a moment later still finds what they just read.
 */
export function useKeepForOffline(slug: string, page: StoryPageData): void {
  useEffect(() => {
    // Only where a service worker reads the copy back.
    if (typeof caches === "undefined" || !navigator.serviceWorker?.controller) return;
    const copy = new Response(JSON.stringify(page), {
      headers: { "Content-Type": "application/json; charset=utf-8" },
    });
    void caches
      .open(READS_CACHE)
      .then((cache) => cache.put(new URL(storyReadPath(slug), window.location.origin).href, copy))
      .catch(() => {});
  }, [slug, page]);
}
