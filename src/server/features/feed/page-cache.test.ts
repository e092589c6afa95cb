import { describe, expect, it } from "vitest";
import { createFeedPageCache, type SharedFeedPage } from "./page-cache";

const page = (nextCursor: string | null): SharedFeedPage => ({ posts: [], nextCursor });

describe("the feed page cache", () => {
  it("gives a page back only at the version it was kept under, for the same cursor", () => {
    const cache = createFeedPageCache();
    cache.set("group-a", 3, undefined, page("first"));
    cache.set("group-a", 3, "cursor", page("second"));
    expect(cache.get("group-a", 3, undefined)?.nextCursor).toBe("first");
    expect(cache.get("group-a", 3, "cursor")?.nextCursor).toBe("second");
    expect(cache.get("group-a", 4, undefined)).toBeUndefined();
    expect(cache.get("group-b", 3, undefined)).toBeUndefined();
  });

  it("lets go of the page read least recently when it is full", () => {
    const cache = createFeedPageCache({ maxPages: 2 });
    cache.set("one", 1, undefined, page("one"));
    cache.set("two", 1, undefined, page("two"));
    cache.get("one", 1, undefined);
    cache.set("three", 1, undefined, page("three"));
    expect(cache.get("one", 1, undefined)).toBeDefined();
    expect(cache.get("two", 1, undefined)).toBeUndefined();
    expect(cache.get("three", 1, undefined)).toBeDefined();
  });

  it("keeps one page per group and cursor: a newer version replaces the older", () => {
    const cache = createFeedPageCache({ maxPages: 2 });
    cache.set("group", 1, undefined, page("old"));
    cache.set("group", 2, undefined, page("new"));
    cache.set("other", 1, undefined, page("other"));
    expect(cache.get("group", 2, undefined)?.nextCursor).toBe("new");
    expect(cache.get("other", 1, undefined)).toBeDefined();
  });
});
