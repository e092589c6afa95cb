import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import type { AppEnv } from "./app-env";
import { createIndexHtml, SIGNED_IN_SCREENS } from "./preload-hints";
import { serveWebApp } from "./web-app";

const root = new URL("../../../", import.meta.url).pathname;
const distDir = mkdtempSync(join(tmpdir(), "lamplight-preload-"));
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

// As the build writes it: the web app manifest's link is put on the line of </head>.
const INDEX = `<html>
  <head>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared-A.js">
  <link rel="manifest" href="/manifest.webmanifest"></head>
  <body></body>
</html>`;
mkdirSync(join(distDir, ".vite"));
writeFileSync(join(distDir, "index.html"), INDEX);
writeFileSync(
  join(distDir, ".vite/manifest.json"),
  JSON.stringify({
    // The entry is named by its page; the chunks that use what it holds import it.
    "index.html": { file: "assets/index-A.js", isEntry: true, imports: ["_shared.js"] },
    "_shared.js": { file: "assets/shared-A.js", imports: ["index.html"] },
    "_radix.js": { file: "assets/radix-A.js", imports: ["_shared.js", "index.html"] },
    "app/signed-in-layout.tsx": { file: "assets/layout-A.js", imports: ["_radix.js", "_shared.js"] },
    "features/stories/components/story-page.tsx": {
      file: "assets/story-page-A.js",
      imports: ["_radix.js", "index.html"],
    },
  }),
);
const indexHtmlFor = createIndexHtml(distDir);

describe("index.html for a signed-in screen", () => {
  it("hints the layout, the screen and their imports, and the screen's first reads", () => {
    const html = indexHtmlFor("/stories/the-good-samaritan", true);
    const hinted = [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g)].map(
      (match) => match[2],
    );
    expect(hinted).toEqual([
      // Already in the built page: not twice.
      "/assets/shared-A.js",
      "/assets/layout-A.js",
      "/assets/radix-A.js",
      "/assets/story-page-A.js",
      "/api/auth/session",
      "/api/profile",
      "/api/notifications",
      "/api/stories/the-good-samaritan",
    ]);
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/profile">');
    expect(html.indexOf("/api/profile")).toBeLessThan(html.indexOf("</head>"));
  });

  it("leaves the page as built for a visitor, and for a path that is no screen", () => {
    expect(indexHtmlFor("/stories/the-good-samaritan", false)).toBe(INDEX);
    expect(indexHtmlFor("/nowhere/at/all", true)).toBe(INDEX);
    expect(indexHtmlFor("/stories/%E0%A4%A", true)).toBe(INDEX);
  });

  it("cannot be made to write markup through the path", () => {
    const html = indexHtmlFor('/stories/"><script>alert(1)<%2Fscript>', true);
    expect(html).not.toContain("<script>alert");
    expect(html).toContain("/api/stories/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E");
  });
});

describe("the web app as served", () => {
  const app = new Hono<AppEnv>();
  serveWebApp(app, distDir);
  const hints = async (path: string, cookie?: string) => {
    const response = await app.request(path, { headers: cookie ? { cookie } : {} });
    expect(response.status).toBe(200);
    expect(response.headers.get("vary")).toContain("Cookie");
    return (await response.text()).includes(
      '<link rel="preload" as="fetch" crossorigin href="/api/profile">',
    );
  };

  it("gives index.html with a signed-in screen's hints on every screen's path, the home page included", async () => {
    const cookie = "lamplight.session_token=abc.def";
    expect(await hints("/", cookie)).toBe(true);
    expect(await hints("/stories/the-good-samaritan", cookie)).toBe(true);
    expect(await hints("/")).toBe(false);
    expect(await hints("/index.html", cookie)).toBe(false);
  });

  it("serves a built file as it is, cached for a year", async () => {
    mkdirSync(join(distDir, "assets"), { recursive: true });
    writeFileSync(join(distDir, "assets/app-A.js"), "export const built = true;");
    const response = await app.request("/assets/app-A.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(await response.text()).toBe("export const built = true;");
  });
});

describe("the installed app's files", () => {
  const app = new Hono<AppEnv>();
  serveWebApp(app, distDir);
  writeFileSync(join(distDir, "sw.js"), "self.addEventListener('fetch', () => {});");
  writeFileSync(join(distDir, "manifest.webmanifest"), JSON.stringify({ name: "Lamplight" }));

  it("serves the service worker and the manifest to be asked for anew each time, with their types", async () => {
    const worker = await app.request("/sw.js");
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-type")).toMatch(/javascript/);
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    const manifest = await app.request("/manifest.webmanifest");
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get("cache-control")).toBe("no-cache");
  });
});

describe("the table of signed-in screens", () => {
  it("names every screen of the web app's routes, by a module that exists", () => {
    const routes = readFileSync(join(root, "src/web/app/app-routes.tsx"), "utf8");
    const routePaths = [
      ...routes.matchAll(/\{\s*path: "([^"]+)",\s*load: \(\) => import\("\.\.\/([^"]+)"\)/g),
    ];
    expect(routePaths.map(([, path]) => path)).toEqual(expect.arrayContaining(["stories", "stories/:slug"]));
    expect(routePaths.length).toBeGreaterThan(5);
    for (const [, path, module] of routePaths) {
      const screen = SIGNED_IN_SCREENS.find((entry) => entry.path === `/${path}`);
      expect(screen, `/${path}`).toBeDefined();
      expect(screen?.module).toBe(`${module}.tsx`);
    }
    for (const screen of SIGNED_IN_SCREENS)
      expect(existsSync(join(root, "src/web", screen.module)), screen.module).toBe(true);
  });
});
