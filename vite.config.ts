import { writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";

/**
 * What the landing page and the signed-in screens share besides the entry: a few small pieces of UI, and the
 * query library's hooks for writes and lists, which the entry itself does not use.
 */
const SHARED = [
  "node_modules/@tanstack/",
  "src/web/components/ui/button.tsx",
  "src/web/components/ui/error-box.tsx",
  "src/web/components/ui/field.tsx",
  "src/web/lib/preload.ts",
];

/**
 * What the signed-in layout (drawn on every signed-in page) and its screens share: the reads of the profile,
 * the stories and the day's learning, the hub of the tab's event stream, the story card (with its cover and
 * level goal), Lumi, the family's switches, the level-up watch, the queue of answers given offline, and the
 * parts of src/core they use, none of which needs zod. One chunk: the bundler made a 1 KB chunk of several of
 * these, each a request of its own on every signed-in page load. Not what the layout loads on first use (the
 * menu, the notifications popover): that would bring Radix with it; nor what it loads once the page is painted
 * (the stream and its schemas).
 */
const SIGNED_IN_SHARED = [
  "src/web/app/realtime.tsx",
  "src/web/lib/realtime.ts",
  "src/web/components/ui/avatar.tsx",
  "src/web/features/notifications/api/",
  "src/web/features/profile/api/get-profile.ts",
  "src/web/features/profile/api/get-achievements.ts",
  "src/web/features/stories/api/get-stories.ts",
  "src/web/features/learning/api/get-learning-today.ts",
  "src/web/features/family/hooks/use-family-switch.ts",
  "src/web/features/profile/components/level-up-watch.ts",
  "src/core/streak.ts",
  "src/web/lib/offline-queue.ts",
  "src/web/features/auth/api/send-verification-email.ts",
  "src/web/features/stories/components/story-card.tsx",
  "src/web/features/stories/components/story-cover.tsx",
  "src/web/features/stories/components/level-goal.tsx",
  "src/web/components/lumi.tsx",
  "src/core/roles.ts",
  "src/core/time-ago.ts",
  "src/core/xp.ts",
  "src/core/stories/layers.ts",
];

/**
 * What the story page and the questions page share: a story's text with its verse references, its read-along
 * sentences and the reader's reading settings.
 */
const STORY_TEXT = [
  "src/core/stories/story-text.ts",
  "src/core/stories/verse-reference.ts",
  "src/core/stories/read-along.ts",
  "src/core/stories/spoken-text.ts",
  "src/core/reading-settings.ts",
  "src/web/features/stories/components/story-text.tsx",
  "src/web/features/stories/components/read-along.tsx",
  "src/web/features/reading-settings/hooks/use-reading-style.ts",
  "src/web/features/reading-settings/components/reading-style.ts",
];

/**
 * The reader of a streamed answer, which the questions page and a story's generation share: the story page
 * loads it only when a layer is being written.
 */
const EVENT_STREAM = ["node_modules/eventsource-parser/", "src/web/lib/read-event-stream.ts"];

/**
 * A feature's public surface, src/web/features/<name>/index.ts: it only re-exports (feature-index.test.ts
 * checks it), so it is safe to call free of side effects.
 */
const FEATURE_INDEX = /src[\\/]web[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

const projectRoot = fileURLToPath(new URL(".", import.meta.url));
/** Whether a module is one of `paths` (files, or folders ending in "/"), relative to the project. */
const inModules = (paths: string[]) => (id: string) => {
  const path = relative(projectRoot, id).split(sep).join("/");
  return paths.some((entry) => (entry.endsWith("/") ? path.startsWith(entry) : path === entry));
};

/** The built files a browser downloads as text, which the server sends compressed. */
const COMPRESSIBLE = /\.(js|css|svg|json|webmanifest)$/;

/**
 * Writes each built script and style once more, compressed (name.br, name.gz), at the strongest settings: the
 * server sends these as they are (src/server/http/web-app.ts) instead of compressing a 300 KB script anew for
 * every phone that loads the app, and Brotli's best is a fifth smaller than what on-the-fly gzip sends.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: "lamplight-precompress",
    apply: "build",
    async writeBundle({ dir = "" }, bundle) {
      const files = Object.values(bundle).filter(
        (file) => COMPRESSIBLE.test(file.fileName) && !file.fileName.endsWith(".map"),
      );
      await Promise.all(
        files.map(async (file) => {
          const source = file.type === "chunk" ? file.code : file.source;
          const bytes = typeof source === "string" ? Buffer.from(source) : Buffer.from(source);
          // Too small to be worth a second round trip's worth of headers.
          if (bytes.length < 1024) return;
          const path = join(dir, file.fileName);
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzipped(bytes, { level: zlibConstants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

const apiPort = process.env.PORT ?? "3000";
const api = `http://localhost:${apiPort}`;

export default defineConfig({
  root: fileURLToPath(new URL("./src/web", import.meta.url)),
  plugins: [
    react(),
    precompress(),
    tailwindcss(),
    // Installable, and readable offline (issue 26): the manifest, and our own service worker (src/web/sw/sw.ts)
    // with this build's files filled in for precaching. The page registers it (src/web/lib/service-worker.ts).
    VitePWA({
      strategies: "injectManifest",
      srcDir: "sw",
      filename: "sw.ts",
      injectRegister: false,
      registerType: "prompt",
      manifest: {
        name: "Lamplight",
        short_name: "Lamplight",
        description: "Explore Bible stories, earn XP and learn together. Free for ages 7-18.",
        start_url: "/",
        scope: "/",
        display: "standalone",
        orientation: "any",
        theme_color: "#312e81",
        background_color: "#fafaf9",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      injectManifest: {
        // The app shell: scripts, styles, index.html and the small pictures every screen uses. Story pictures
        // and reads are kept as they are opened instead.
        globPatterns: ["**/*.{js,css,html,svg,png,woff2,webmanifest}"],
        // A version's precache: what a phone downloads once per update.
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: fileURLToPath(new URL("./dist/web", import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    // The server reads it to hint a signed-in screen's chunks in index.html (src/server/http/preload-hints.ts).
    manifest: true,
    rolldownOptions: {
      // So the bundler reads through a feature's index.ts to the modules a screen uses; otherwise every screen
      // importing it would share a chunk with all it names (the home page would load the member card).
      treeshake: { moduleSideEffects: [{ test: FEATURE_INDEX, sideEffects: false }] },
      output: {
        codeSplitting: {
          // Left to itself the bundler makes a chunk for every set of screens that shares a module: dozens of
          // sub-kilobyte chunks (each icon on its own), and a phone on HTTP/1.1 fetches them six at a time, a
          // round trip each. So a page loads a handful of chunks instead: the entry, a few libraries, the
          // signed-in shell, and its screen. Dependencies stay where they are, so that a group never drags in
          // what it does not name.
          groups: [
            {
              // Everything the entry imports (React, the router, the query and API clients) in the entry itself.
              name: "initial",
              tags: ["$initial"],
              includeDependenciesRecursively: false,
            },
            {
              name: "radix",
              test: /node_modules[\\/](radix-ui|@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|tslib|get-nonce|detect-node-es)[\\/]/,
              includeDependenciesRecursively: false,
            },
            {
              // The spinner's icon is left out: the entry draws it, and the entry must not wait for every icon.
              name: "icons",
              test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](?!loader-circle)/,
              includeDependenciesRecursively: false,
            },
            {
              // With the messages every schema of src/core takes; the landing page loads it only for its form.
              name: "zod",
              test: /node_modules[\\/]zod[\\/]|src[\\/]core[\\/]schemas[\\/]zod-messages\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              // Named here: the bundler would name it after whichever of its modules it met last, which changes
              // with imports elsewhere, and the entry lists the chunk's file name.
              name: "story-text",
              test: inModules(STORY_TEXT),
              includeDependenciesRecursively: false,
            },
            { name: "event-stream", test: inModules(EVENT_STREAM), includeDependenciesRecursively: false },
            { name: "shared", test: inModules(SHARED), includeDependenciesRecursively: false },
            { name: "signed-in", test: inModules(SIGNED_IN_SHARED), includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev`: Vite serves the app with hot reload and forwards the API to the Node server.
    // The API trusts only its own origin (APP_URL), so the proxy presents requests as coming from there.
    proxy: {
      "/api": { target: api, headers: { origin: api } },
      "/uploads": api,
    },
  },
});
