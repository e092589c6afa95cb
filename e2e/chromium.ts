import { existsSync } from "node:fs";

/**
 * How tests and benchmarks start Chromium: CHROMIUM_PATH, then Debian's /usr/bin/chromium, then Playwright's
 * own download. The flags keep it from reaching out to the network, which this machine does not have.
 */
export const chromiumLaunchOptions = {
  executablePath:
    process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};
