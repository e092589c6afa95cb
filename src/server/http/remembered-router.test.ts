import { Hono } from "hono";
import type { Router } from "hono/router";
import { TrieRouter } from "hono/router/trie-router";
import { describe, expect, it } from "vitest";
import { LONGEST_REMEMBERED_PATH, rememberedRouter } from "./remembered-router";

/** The shapes this app's routes take: static paths, params, a router's middleware and wildcard fallbacks. */
const ROUTES: [string, string, string][] = [
  ["ALL", "*", "first step"],
  ["POST", "/api/*", "write checks"],
  ["ALL", "/api/groups/:groupId/*", "feed middleware"],
  ["GET", "/api/groups/:groupId/posts", "posts"],
  ["GET", "/api/groups/:groupId/posts/:postId/comments", "comments"],
  ["POST", "/api/groups/:groupId/invite-code", "invite code"],
  ["GET", "/api/notifications", "notifications"],
  ["GET", "/api/stories/:slug", "story"],
  ["ALL", "/api/*", "not found"],
  ["GET", "*", "web app"],
];

const PATHS = [
  ["GET", "/api/notifications"],
  ["GET", "/api/groups/g1/posts"],
  ["GET", "/api/groups/g2/posts/p9/comments"],
  ["POST", "/api/groups/g1/invite-code"],
  ["POST", "/api/notifications"],
  ["GET", "/api/stories/creation"],
  ["GET", "/api/nothing/here"],
  ["HEAD", "/stories"],
  ["GET", "/"],
];

function both() {
  const trie = new TrieRouter<string>();
  const remembered = rememberedRouter<string>();
  for (const [method, path, name] of ROUTES) {
    trie.add(method, path, name);
    remembered.add(method, path, name);
  }
  return { trie, remembered };
}

/** Hono's trie router, and a router that goes to it and counts its walks: what the remembered router saves. */
function countedTrie() {
  const trie = new TrieRouter<string>();
  let count = 0;
  const counted: Router<string> = {
    name: "counted",
    add: (method, path, handler) => trie.add(method, path, handler),
    match(method, path) {
      count += 1;
      return trie.match(method, path);
    },
  };
  return { trie, counted, walks: () => count };
}

describe("the remembered router", () => {
  it("answers as Hono's trie router does, the first time and when remembered", () => {
    const { trie, remembered } = both();
    for (const [method, path] of PATHS) {
      const expected = trie.match(method as string, path as string);
      expect(remembered.match(method as string, path as string)).toEqual(expected);
      expect(remembered.match(method as string, path as string)).toEqual(expected);
    }
  });

  it("gives each path its own params", () => {
    const { remembered } = both();
    const params = (path: string) =>
      remembered.match("GET", path)[0].find(([name]) => name === "comments")?.[1];
    expect(params("/api/groups/g1/posts/p1/comments")).toEqual({ groupId: "g1", postId: "p1" });
    expect(params("/api/groups/g2/posts/p2/comments")).toEqual({ groupId: "g2", postId: "p2" });
    expect(params("/api/groups/g1/posts/p1/comments")).toEqual({ groupId: "g1", postId: "p1" });
  });

  it("tells methods apart on the same path", () => {
    const { remembered } = both();
    const names = (method: string) => remembered.match(method, "/api/notifications")[0].map(([name]) => name);
    expect(names("GET")).toContain("notifications");
    expect(names("POST")).not.toContain("notifications");
    expect(names("POST")).toContain("write checks");
    expect(names("GET")).not.toContain("write checks");
  });

  it("sees a route added after a path was matched", () => {
    const router = rememberedRouter<string>();
    router.add("GET", "/api/*", "not found");
    expect(router.match("GET", "/api/late")[0].map(([name]) => name)).toEqual(["not found"]);
    router.add("GET", "/api/late", "late");
    expect(router.match("GET", "/api/late")[0].map(([name]) => name)).toEqual(["not found", "late"]);
  });

  it("holds no more than its limit: a flood of unique paths forgets the oldest, and answers stay right", () => {
    const { trie, counted, walks } = countedTrie();
    const router = rememberedRouter<string>(3, counted);
    router.add("GET", "/api/groups/:groupId/posts", "posts");
    const asked = Array.from({ length: 10 }, (_, index) => `/api/groups/g${index}/posts`);
    for (const path of asked) expect(router.match("GET", path)).toEqual(trie.match("GET", path));
    expect(walks()).toBe(10);
    // The last three are remembered: no walk of the trie. The first was forgotten long ago.
    for (const path of asked.slice(-3)) expect(router.match("GET", path)).toEqual(trie.match("GET", path));
    expect(walks()).toBe(10);
    expect(router.match("GET", asked[0] as string)).toEqual(trie.match("GET", asked[0] as string));
    expect(walks()).toBe(11);
  });

  it("remembers no path longer than its bound, and still answers it", () => {
    const { trie, counted, walks } = countedTrie();
    const router = rememberedRouter<string>(10, counted);
    router.add("GET", "/api/groups/:groupId/posts", "posts");
    const long = `/api/groups/${"g".repeat(LONGEST_REMEMBERED_PATH)}/posts`;
    const atBound = `/api/groups/${"g".repeat(LONGEST_REMEMBERED_PATH - "/api/groups//posts".length)}/posts`;
    for (let round = 0; round < 3; round++) {
      expect(router.match("GET", long)).toEqual(trie.match("GET", long));
      expect(router.match("GET", atBound)).toEqual(trie.match("GET", atBound));
    }
    // The long path was walked each time, the one at the bound once.
    expect(walks()).toBe(3 + 1);
  });

  it("routes a whole Hono app as before", async () => {
    const app = new Hono({ router: rememberedRouter() });
    app.use("*", async (c, next) => {
      await next();
      c.header("X-Step", "first");
    });
    app.get("/groups/:groupId/posts", (c) => c.json({ group: c.req.param("groupId") }));
    app.post("/groups/:groupId/posts", (c) => c.json({ posted: c.req.param("groupId") }, 201));
    app.all("*", (c) => c.json({ error: "not_found" }, 404));
    for (const groupId of ["a", "b", "a"]) {
      const read = await app.request(`/groups/${groupId}/posts`);
      expect(read.status).toBe(200);
      expect(read.headers.get("x-step")).toBe("first");
      expect(await read.json()).toEqual({ group: groupId });
    }
    const posted = await app.request("/groups/a/posts", { method: "POST" });
    expect(posted.status).toBe(201);
    expect(await posted.json()).toEqual({ posted: "a" });
    expect((await app.request("/elsewhere")).status).toBe(404);
    expect((await app.request("/groups/a/posts", { method: "DELETE" })).status).toBe(404);
  });
});
