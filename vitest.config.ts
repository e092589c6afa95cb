import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/core/**/*.test.ts", "src/web/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          environmentOptions: { jsdom: { url: "http://localhost:3000/" } },
          setupFiles: ["./src/web/test/setup.ts"],
          // Well above the longest test's time here (about 4 s on a busy machine), with findBy waiting up to 5 s.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["src/server/**/*.test.ts", "content/**/*.test.ts"],
          environment: "node",
          setupFiles: ["./src/server/test/setup.ts"],
          globalSetup: ["./src/server/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
