import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiPort = process.env.PORT ?? "3000";
const api = `http://localhost:${apiPort}`;

export default defineConfig({
  root: fileURLToPath(new URL("./src/web", import.meta.url)),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL("./dist/web", import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    // The server reads it to hint a signed-in screen's chunks in index.html (src/server/http/preload-hints.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Left to itself the bundler makes a chunk for every set of screens that shares a module: dozens of
          // sub-kilobyte chunks (each icon on its own), and a phone on HTTP/1.1 fetches them six at a time, a
          // round trip each. Two libraries get one chunk each instead. Their dependencies (React) stay where
          // they are, in the entry, so that the landing page still never loads the dialogs.
          groups: [
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
