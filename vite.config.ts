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
