// The service worker (issue 26): the app installs and opens with no connection, and what a reader has opened
// (a story's text, its picture, the narration they played) stays readable offline. Built with Workbox by
// vite-plugin-pwa, which fills in the precache list at build time.
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { CacheExpiration, ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, NetworkOnly } from "workbox-strategies";
import {
  CACHE_LIMITS,
  NARRATION_CACHE,
  narrationKey,
  PICTURES_CACHE,
  READS_CACHE,
  SKIP_WAITING,
} from "../lib/offline";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

// The app shell: every script, style and icon of this build, and index.html.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The first version takes the open page at once, so that what the reader opens from now on is kept. A later
// version waits until the page says 'Reload' (SKIP_WAITING), so that a page never runs two versions' code.
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("message", (event) => {
  if (event.data?.type === SKIP_WAITING) void self.skipWaiting();
});

/** A response worth keeping: a whole, successful one (never an error page or a redirect to sign in). */
const okOnly = new CacheableResponsePlugin({ statuses: [200] });

// Pages: from the server while online (it adds the screen's preload hints), else the precached shell.
const shell = new NetworkFirst({ cacheName: "lamplight-pages", networkTimeoutSeconds: 4, plugins: [okOnly] });
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await shell.handle(options);
      } catch {
        return (await matchPrecache("/index.html")) ?? Response.error();
      }
    },
    { denylist: [/^\/api\//, /^\/uploads\//] },
  ),
);

// The reads a child needs to read what they opened, and only those (never a group's feed or chat, an export or
// a leader's lists): the session, the profile and its achievements, the story list and each story page with its
// checks, the day's learning, memory verses and Bible verses, narration's settings and timings, the bell and
// this week's story. Each is answered from the network while there is one, and the newest copy kept.
const OFFLINE_READS = [
  /^\/api\/auth\/session$/,
  /^\/api\/profile(\/achievements)?$/,
  /^\/api\/stories(\/[^/]+(\/layers\/[1-3]\/check)?)?$/,
  /^\/api\/learning\/today$/,
  /^\/api\/memory-verses(\/[^/]+)?$/,
  /^\/api\/bible\/verses$/,
  /^\/api\/speech(\/timings)?$/,
  /^\/api\/notifications$/,
  /^\/api\/assignments$/,
];
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === "GET" && OFFLINE_READS.some((read) => read.test(url.pathname)),
  new NetworkFirst({
    cacheName: READS_CACHE,
    // A connection that hangs (a church basement) falls back to what was kept rather than spin.
    networkTimeoutSeconds: 6,
    plugins: [okOnly, new ExpirationPlugin({ maxEntries: CACHE_LIMITS.reads, purgeOnQuotaError: true })],
  }),
);

// Story pictures: an illustration's address changes with each new drawing (?v=), so a kept one is always right.
registerRoute(
  ({ url, sameOrigin }) =>
    sameOrigin &&
    (url.pathname.startsWith("/uploads/story-images/") ||
      /^\/api\/stories\/[^/]+\/cover\.webp$/.test(url.pathname)),
  new CacheFirst({
    cacheName: PICTURES_CACHE,
    plugins: [okOnly, new ExpirationPlugin({ maxEntries: CACHE_LIMITS.pictures, purgeOnQuotaError: true })],
  }),
);

// Narration is asked for with a POST (the story and the layer in its body). A played one is kept under a key
// of its own, and played from there when the connection is gone; the least recently played go first.
const narrationExpiry = new CacheExpiration(NARRATION_CACHE, {
  maxEntries: CACHE_LIMITS.narration,
});
const network = new NetworkOnly();
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === "/api/speech",
  async ({ request, event }) => {
    const { slug, layer } = (await request
      .clone()
      .json()
      .catch(() => ({}))) as { slug?: unknown; layer?: unknown };
    const key = typeof slug === "string" && typeof layer === "number" ? narrationKey(slug, layer) : null;
    const cache = await caches.open(NARRATION_CACHE);
    try {
      const response = await network.handle({ request, event });
      if (key && response.status === 200) {
        const kept = cache
          .put(key, response.clone())
          .then(() => narrationExpiry.updateTimestamp(key))
          .then(() => narrationExpiry.expireEntries());
        if (event instanceof ExtendableEvent) event.waitUntil(kept);
      }
      return response;
    } catch (error) {
      const kept = key ? await cache.match(key) : undefined;
      if (!key || !kept) throw error;
      await narrationExpiry.updateTimestamp(key);
      return kept;
    }
  },
  "POST",
);

// Push notifications (issue 26): what the server pushed (a title, a line, where it leads), shown as the app's
// own notification; a tap opens that page in an open Lamplight tab, or a new one.
self.addEventListener("push", (event) => {
  const message = (() => {
    try {
      return event.data?.json() as { title?: string; body?: string; url?: string } | undefined;
    } catch {
      return undefined;
    }
  })();
  if (!message?.title) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body ?? "",
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: message.url?.startsWith("/") ? message.url : "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? "/", self.location.origin)
    .href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(async (tabs) => {
      const tab = tabs.find((each) => new URL(each.url).origin === self.location.origin);
      if (tab) {
        await tab.focus();
        return tab.navigate(url).then(() => undefined);
      }
      await self.clients.openWindow(url);
    }),
  );
});
