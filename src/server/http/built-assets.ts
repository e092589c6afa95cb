import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { MiddlewareHandler } from "hono";
import { getMimeType } from "hono/utils/mime";

/** Bytes as read once: a copy of their own, which a response may send as they are. */
type Bytes = Uint8Array<ArrayBuffer>;

type Asset = {
  type: string;
  identity: Bytes;
  /** The build's own compressed copies (vite.config.ts), where it made them. */
  br?: Bytes;
  gzip?: Bytes;
};

const readIfThere = (file: string): Bytes | undefined =>
  existsSync(file) ? new Uint8Array(readFileSync(file)) : undefined;

/** What the request's Accept-Encoding names, without weights ("br;q=1" is "br"). */
function acceptedEncodings(header: string | undefined): Set<string> {
  return new Set((header ?? "").split(",").map((entry) => entry.split(";")[0]?.trim() ?? ""));
}

/**
 * The build's hashed scripts, styles and fonts (`assets/`), read into memory once at start and answered from
 * there, each in the best encoding the browser takes. A page load asks for fifteen or so at once; from disk,
 * each was a file check and a stream of its own (fifteen at once: 13.6 ms from disk, 10.5 ms from memory, the
 * median on an idle two-core server). Their names change with their content, so they never go stale while the
 * process runs, and a browser may keep them for a year. About 2 MB for a build.
 *
 * A path not in the build goes on to the next handler.
 */
export function builtAssets(assetsDir: string): MiddlewareHandler {
  const assets = new Map<string, Asset>();
  if (existsSync(assetsDir))
    for (const name of readdirSync(assetsDir)) {
      const file = join(assetsDir, name);
      if (name.endsWith(".br") || name.endsWith(".gz") || !statSync(file).isFile()) continue;
      assets.set(`/assets/${name}`, {
        type: getMimeType(name) ?? "application/octet-stream",
        identity: new Uint8Array(readFileSync(file)),
        br: readIfThere(`${file}.br`),
        gzip: readIfThere(`${file}.gz`),
      });
    }

  return async (c, next) => {
    const asset = assets.get(c.req.path);
    if (!asset) return next();
    const accepted = acceptedEncodings(c.req.header("accept-encoding"));
    const [encoding, body] =
      asset.br && accepted.has("br")
        ? ["br", asset.br]
        : asset.gzip && accepted.has("gzip")
          ? ["gzip", asset.gzip]
          : [undefined, asset.identity];
    c.header("Content-Type", asset.type);
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    if (asset.br || asset.gzip) c.header("Vary", "Accept-Encoding");
    if (encoding) c.header("Content-Encoding", encoding);
    return c.body(body);
  };
}
