import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { builtAssets } from "./built-assets";

const assetsDir = join(mkdtempSync(join(tmpdir(), "lamplight-assets-")), "assets");
afterAll(() => rmSync(join(assetsDir, ".."), { recursive: true, force: true }));

// A build as vite.config.ts writes it: a script with its compressed copies, a font without.
const script = `export const words = "${"a lamp to my feet ".repeat(200)}";`;
const brotli = brotliCompressSync(script);
const gzipped = gzipSync(script);
const font = Buffer.from([0x77, 0x4f, 0x46, 0x32, 1, 2, 3]);
mkdirSync(join(assetsDir, "nested"), { recursive: true });
writeFileSync(join(assetsDir, "app-B.js"), script);
writeFileSync(join(assetsDir, "app-B.js.br"), brotli);
writeFileSync(join(assetsDir, "app-B.js.gz"), gzipped);
writeFileSync(join(assetsDir, "letters-B.woff2"), font);

const app = new Hono();
app.use("/assets/*", builtAssets(assetsDir));
app.get("*", (c) => c.text("not in the build", 404));
// Written after the start: not in memory, so the next handler answers.
writeFileSync(join(assetsDir, "later-B.js"), "export {};");

const fetchAs = (path: string, encodings?: string) =>
  app.request(path, { headers: encodings ? { "accept-encoding": encodings } : {} });

describe("the build's hashed files", () => {
  it("go in the best encoding the browser takes, as the build compressed them, cached for a year", async () => {
    const asBrotli = await fetchAs("/assets/app-B.js", "gzip, deflate, br, zstd");
    expect(asBrotli.status).toBe(200);
    expect(asBrotli.headers.get("content-encoding")).toBe("br");
    expect(asBrotli.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(asBrotli.headers.get("vary")).toBe("Accept-Encoding");
    expect(asBrotli.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await asBrotli.arrayBuffer())).toEqual(brotli);

    const asGzip = await fetchAs("/assets/app-B.js", "gzip;q=1.0, identity;q=0.5");
    expect(asGzip.headers.get("content-encoding")).toBe("gzip");
    expect(Buffer.from(await asGzip.arrayBuffer())).toEqual(gzipped);

    const plain = await fetchAs("/assets/app-B.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it("sends a file the build did not compress as it is", async () => {
    const response = await fetchAs("/assets/letters-B.woff2", "br, gzip");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("font/woff2");
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("vary")).toBeNull();
    expect(Buffer.from(await response.arrayBuffer())).toEqual(font);
  });

  it("leaves a path that is not a file of the build to the next handler", async () => {
    for (const path of [
      "/assets/later-B.js",
      "/assets/missing.js",
      "/assets/nested",
      "/assets/app-B.js.br",
    ]) {
      const response = await fetchAs(path, "br");
      expect(response.status, path).toBe(404);
      expect(await response.text()).toBe("not in the build");
    }
  });
});
