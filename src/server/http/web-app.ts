import { existsSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import { compress } from "hono/compress";
import type { AppEnv } from "./app-env";
import { builtAssets } from "./built-assets";
import { createIndexHtml } from "./preload-hints";

/** Better Auth's session cookie, named with our prefix (and `__Secure-` over https). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?lamplight\.session_token=/;

/** Hashed assets are cached for a year; every other path gets the single-page app's index.html. */
export function serveWebApp(app: Hono<AppEnv>, distDir: string) {
  const indexFile = join(distDir, "index.html");
  if (!existsSync(indexFile)) throw new Error(`web build missing: ${indexFile}`);
  const indexHtmlFor = createIndexHtml(distDir);
  // The build's hashed files from memory; compress() and the file server below only for one that is not there.
  app.use("/assets/*", builtAssets(join(distDir, "assets")), compress(), async (c, next) => {
    await next();
    if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  // The service worker and the manifest keep their names from one version to the next: a browser must ask for
  // them anew each time to find a new version (issue 26).
  for (const path of ["/sw.js", "/manifest.webmanifest"])
    app.use(path, async (c, next) => {
      await next();
      if (c.res.ok) c.header("Cache-Control", "no-cache");
    });
  const serveFile = serveStatic({ root: distDir });
  // index.html comes from the handler below, with the hints of the signed-in screen it opens, "/" included.
  app.use("*", (c, next) =>
    c.req.path === "/" || c.req.path === "/index.html" ? next() : serveFile(c, next),
  );
  app.get("*", compress(), (c) => {
    c.header("Cache-Control", "no-cache");
    // Only whether a session cookie is there: the page is the same either way, the hints are not.
    c.header("Vary", "Cookie");
    return c.html(indexHtmlFor(c.req.path, SESSION_COOKIE.test(c.req.header("cookie") ?? "")));
  });
}
