import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A signed-in page load is a chain: index.html, the entry script, the session check, the screen's chunks, then
 * the screen's data, each waiting for the one before. On a phone every link is a round trip. When index.html is
 * served for a signed-in path, these hints start the screen's chunks and its first reads at once, beside the
 * entry script; the app's own requests then find them already on their way.
 *
 * Only GET reads are hinted: a hinted request carries the cookie but no headers of the app's, and the app
 * sends none with its reads (src/web/lib/api-client.ts). Each URL must be the very one the app asks for, or
 * the browser fetches it twice (src/web/features/<name>/api/*.ts).
 */
type Screen = {
  /** A path as in src/web/app/app-routes.tsx, with `:name` for a parameter. */
  path: string;
  /** The screen's module, as Vite's manifest names it (relative to src/web). */
  module: string;
  /** The screen's own first reads, besides those every signed-in screen makes. */
  reads?: (params: Record<string, string>) => string[];
};

const LAYOUT_MODULE = "app/signed-in-layout.tsx";
/** Read by every signed-in screen: the session check, the layout's profile and the notification bell. */
const EVERY_SCREEN_READS = ["/api/auth/session", "/api/profile", "/api/notifications"];

export const SIGNED_IN_SCREENS: Screen[] = [
  { path: "/", module: "features/home/components/home-page.tsx", reads: () => ["/api/stories"] },
  { path: "/stories", module: "features/stories/components/stories-page.tsx", reads: () => ["/api/stories"] },
  {
    path: "/stories/:slug",
    module: "features/stories/components/story-page.tsx",
    reads: ({ slug = "" }) => [`/api/stories/${encodeURIComponent(slug)}`],
  },
  { path: "/qna", module: "features/qna/components/qna-page.tsx" },
  { path: "/groups", module: "features/groups/components/groups-page.tsx" },
  { path: "/groups/:groupId/chat", module: "features/groups/components/group-chat-page.tsx" },
  { path: "/profile", module: "features/profile/components/profile-page.tsx" },
  { path: "/leader", module: "features/moderation/components/leader-page.tsx" },
  { path: "/family", module: "features/family/components/family-page.tsx", reads: () => ["/api/family"] },
];

type ManifestChunk = { file: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

function matchScreen(pathname: string): { screen: Screen; params: Record<string, string> } | undefined {
  const parts = pathname.replace(/\/+$/, "").split("/").slice(1);
  for (const screen of SIGNED_IN_SCREENS) {
    const pattern = screen.path === "/" ? [] : screen.path.split("/").slice(1);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((segment, index) => {
      const part = parts[index] ?? "";
      if (!segment.startsWith(":")) return segment === part;
      try {
        params[segment.slice(1)] = decodeURIComponent(part);
      } catch {
        return false;
      }
      return part.length > 0;
    });
    if (matches) return { screen, params };
  }
  return undefined;
}

/** A chunk's file and those of everything it imports statically, as the browser would fetch them one by one. */
function chunkFiles(manifest: Manifest, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, files);
  return files;
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/**
 * Makes the index.html for a request: with the hints of the signed-in screen its path opens when the request
 * carries a session cookie, as it was built otherwise (a visitor's landing page never loads the signed-in app).
 */
export function createIndexHtml(distDir: string): (pathname: string, signedIn: boolean) => string {
  const indexHtml = readFileSync(join(distDir, "index.html"), "utf8");
  const manifestFile = join(distDir, ".vite/manifest.json");
  const manifest: Manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, "utf8")) : {};
  // The entry's own imports are in index.html already.
  const inIndex = new Set(
    Object.values(manifest)
      .filter((chunk) => indexHtml.includes(`/${chunk.file}"`))
      .map((chunk) => chunk.file),
  );
  // The hints go just before </head>, however the build wrote it: the web app manifest's plugin puts its link on
  // the same line, so a search for an indented "</head>" once found nothing and every page went unhinted.
  const headEnd = indexHtml.indexOf("</head>");
  if (headEnd < 0) throw new Error(`${join(distDir, "index.html")} has no </head> for the preload hints`);
  const pages = new Map<string, string>();

  return (pathname, signedIn) => {
    if (!signedIn) return indexHtml;
    const found = matchScreen(pathname);
    if (!found) return indexHtml;
    const { screen, params } = found;
    const files = [...chunkFiles(manifest, LAYOUT_MODULE), ...chunkFiles(manifest, screen.module)].filter(
      (file) => !inIndex.has(file),
    );
    const reads = [...EVERY_SCREEN_READS, ...(screen.reads?.(params) ?? [])];
    const links = [
      ...new Set(
        files.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`),
      ),
      ...new Set(
        reads.map((url) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(url)}">`),
      ),
    ].join("\n    ");
    // Pages differ only by the screen and its reads' parameters: each is made once, up to a bound.
    const key = `${screen.path} ${reads.join(" ")}`;
    let html = pages.get(key);
    if (!html) {
      html = `${indexHtml.slice(0, headEnd)}\n    ${links}\n  ${indexHtml.slice(headEnd)}`;
      if (pages.size < 1000) pages.set(key, html);
    }
    return html;
  };
}
