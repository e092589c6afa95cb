import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SKIP_WAITING } from "./offline";

/** A service worker as the page sees it: its state, and the messages the page posts to it. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = "installing";
  posted: unknown[] = [];
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  becomes(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event("statechange"));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  /** The browser found a new version on the server. */
  found(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event("updatefound"));
  }
}

class FakeContainer extends EventTarget {
  controller: FakeWorker | null;
  registration = new FakeRegistration();
  registered: { url: string; options: unknown }[] = [];
  constructor(controller: FakeWorker | null) {
    super();
    this.controller = controller;
  }
  async register(url: string, options: unknown) {
    this.registered.push({ url, options });
    return this.registration;
  }
  takenOverBy(worker: FakeWorker) {
    this.controller = worker;
    this.dispatchEvent(new Event("controllerchange"));
  }
}

function withContainer(controller: FakeWorker | null) {
  const container = new FakeContainer(controller);
  Object.defineProperty(navigator, "serviceWorker", { value: container, configurable: true });
  return container;
}

/** The registration and the update store afresh: whether a version waits is the page's, kept in the module. */
async function load() {
  vi.resetModules();
  const [{ startServiceWorker }, { reloadWithUpdate, updateStore }] = await Promise.all([
    import("./service-worker"),
    import("./update-store"),
  ]);
  return { startServiceWorker, reloadWithUpdate, waiting: updateStore.waiting };
}

const reload = vi.fn();
beforeEach(() => {
  reload.mockReset();
  Object.defineProperty(window, "location", { value: { ...window.location, reload }, configurable: true });
});
afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

describe("the service worker's registration", () => {
  it("registers /sw.js for the whole site; the first version is not an update, and keeps what the page fetched before it", async () => {
    const { startServiceWorker, waiting } = await load();
    const container = withContainer(null);
    const origin = window.location.origin;
    vi.spyOn(performance, "getEntriesByType").mockReturnValue([
      { name: `${origin}/api/stories` },
      { name: `${origin}/uploads/story-images/noah.webp?v=2` },
      { name: `${origin}/api/speech` },
      { name: "https://elsewhere.example/font.woff2" },
    ] as PerformanceEntry[]);
    await startServiceWorker();
    expect(container.registered).toEqual([{ url: "/sw.js", options: { scope: "/" } }]);

    const first = new FakeWorker();
    container.registration.found(first);
    first.becomes("installed");
    expect(waiting()).toBe(false);

    container.takenOverBy(first);
    // Workbox's router fetches and keeps them as their routes say; narration and other sites are not its to keep.
    expect(first.posted).toEqual([
      {
        type: "CACHE_URLS",
        payload: { urlsToCache: [`${origin}/api/stories`, `${origin}/uploads/story-images/noah.webp?v=2`] },
      },
    ]);
    expect(reload).not.toHaveBeenCalled();
  });

  it("says a new version waits once it is installed, and 'Reload' hands over to it, then loads the page again", async () => {
    const { startServiceWorker, reloadWithUpdate, waiting } = await load();
    const current = new FakeWorker();
    const container = withContainer(current);
    await startServiceWorker();

    const next = new FakeWorker();
    container.registration.found(next);
    expect(waiting()).toBe(false);
    next.becomes("installed");
    expect(waiting()).toBe(true);

    reloadWithUpdate();
    await vi.waitFor(() => expect(next.posted).toEqual([{ type: SKIP_WAITING }]));
    expect(reload).not.toHaveBeenCalled();
    container.takenOverBy(next);
    expect(reload).toHaveBeenCalledOnce();
  });

  it("offers a version that was already waiting when the page loaded, and hands over as the page goes", async () => {
    const { startServiceWorker, waiting } = await load();
    const container = withContainer(new FakeWorker());
    const next = new FakeWorker();
    next.state = "installed";
    container.registration.waiting = next;
    expect(waiting()).toBe(false);
    await startServiceWorker();
    expect(waiting()).toBe(true);

    window.dispatchEvent(new Event("pagehide"));
    expect(next.posted).toEqual([{ type: SKIP_WAITING }]);
  });
});
