// Whether a new version of the app waits to take over (issue 26), kept apart from the service worker's
// registration (src/web/lib/service-worker.ts) so that the prompt needs none of its code to show.

let waiting = false;
let apply: (() => Promise<void>) | null = null;
const listeners = new Set<() => void>();

/** For useSyncExternalStore. */
export const updateStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  waiting: () => waiting,
};

/** The registration says a new version waits, and how to hand over to it. */
export function newVersionWaiting(handOver: () => Promise<void>): void {
  apply = handOver;
  waiting = true;
  for (const listener of listeners) listener();
}

/** 'Reload': the waiting version takes over and the page loads again with it. */
export function reloadWithUpdate(): void {
  if (apply) void apply();
  else window.location.reload();
}
