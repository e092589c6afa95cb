import { appendFileSync, existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

// The run's list of the screens, dialogs and menus axe has checked. The tests that check them run in parallel
// workers, which share no memory: each name goes to a file of the run's data directory as it is checked, and the
// run prints the list once, at its end (playwright.config.ts's globalTeardown).

function coveredFile(): string | undefined {
  const dir = process.env.E2E_DATA_DIR;
  return dir ? join(dir, "axe-covered.txt") : undefined;
}

/** Adds a screen, dialog or menu to the run's list. */
export function recordCovered(what: string) {
  const file = coveredFile();
  if (file) appendFileSync(file, `${what.replace(/\n/g, " ")}\n`);
}

/** Prints the run's list, when the run checked anything, and clears it. */
export default function printCovered() {
  const file = coveredFile();
  if (!file || !existsSync(file)) return;
  const names = [...new Set(readFileSync(file, "utf8").split("\n").filter(Boolean))].sort();
  console.log(`axe covered ${names.length} screens, dialogs and menus:\n- ${names.join("\n- ")}`);
  rmSync(file);
}
