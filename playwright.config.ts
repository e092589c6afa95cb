import { chmodSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./e2e/chromium";

// One fresh data directory per run, shared with the workers (they inherit the environment).
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), "lamplight-e2e-"));
  // As root the embedded PostgreSQL runs as the user postgres, which must be able to reach it.
  chmodSync(process.env.E2E_DATA_DIR, 0o755);
}
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "./e2e",
  // Prints the list of screens, dialogs and menus axe checked, gathered from every worker.
  globalTeardown: "./e2e/axe-coverage.ts",
  // Three times the slowest ordinary test's time on a busy two-core machine (up to 60 s in CI, with two workers),
  // so that a slower neighbour of the same kind still passes; flows through several browsers take
  // LONG_FLOW_TIMEOUT_MS (e2e/fixtures.ts). A page that never shows what is expected still fails in 10 s. No
  // retries: a flaky test is a defect.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: chromiumLaunchOptions,
      },
    },
  ],
  webServer: {
    // The built app, as `npm start` runs it, on a fresh data directory.
    command: "node scripts/start.mjs",
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      APP_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      SMTP_URL: "",
      ADMIN_PASSWORD: "e2e-admin-password-2026",
      // Admins only once their address is confirmed: the specs open the mailed link (confirmEmailFromOutbox).
      ADMIN_EMAILS:
        "e2e-admin@example.com,e2e-media-admin@example.com,e2e-picture-admin@example.com,e2e-a11y-admin@example.com,e2e-questions-admin@example.com,e2e-leaders-admin@example.com,e2e-phone-admin@example.com",
      // Every spec signs up its own accounts, all from 127.0.0.1: more than one network may make in an hour.
      LIMIT_SIGN_UPS_PER_IP: "0",
    },
  },
});
