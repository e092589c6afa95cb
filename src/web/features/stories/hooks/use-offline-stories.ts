import { useEffect, useState } from "react";
import { READS_CACHE } from "../../../lib/offline";
import { useOnline } from "../../../lib/use-online";

const STORY_READ = /^\/api\/stories\/([^/]+)$/;

/**
 * The stories that can be read offline on this device: those whose page the service worker kept (issue 26).
 * Looked at again as the connection comes and goes; an empty set where the browser keeps nothing.
 */
export function useOfflineStories(): ReadonlySet<string> {
  const online = useOnline();
  const [slugs, setSlugs] = useState<ReadonlySet<string>>(() => new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of connection is when to look again
  useEffect(() => {
    if (typeof caches === "undefined") return;
    let current = true;
    caches
      .open(READS_CACHE)
      .then((cache) => cache.keys())
      .then((requests) => {
        const kept = new Set<string>();
        for (const request of requests) {
          const match = STORY_READ.exec(new URL(request.url).pathname);
          if (match?.[1]) kept.add(decodeURIComponent(match[1]));
        }
        if (current) setSlugs(kept);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [online]);
  return slugs;
}
