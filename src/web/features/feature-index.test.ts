import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Node's path helpers, not `new URL`: the jsdom environment replaces the URL global.
const featuresDir = dirname(fileURLToPath(import.meta.url));
const indexes = readdirSync(featuresDir)
  .map((feature) => join(feature, "index.ts"))
  .filter((path) => existsSync(join(featuresDir, path)));

describe("a feature's index.ts", () => {
  it("exists for the features others use", () => {
    expect(indexes.length).toBeGreaterThan(3);
  });

  // The build treats these files as free of side effects (vite.config.ts), so that a screen loads only the
  // modules it uses through them: code that ran here would be dropped from the bundle.
  it.each(indexes)("%s only re-exports", (path) => {
    const code = readFileSync(join(featuresDir, path), "utf8")
      .replace(/\/\/.*$/gm, "")
      .replace(/\/\*[\s\S]*?\*\//g, "");
    const statements = code
      .split(";")
      .map((statement) => statement.trim())
      .filter(Boolean);
    for (const statement of statements)
      expect(statement).toMatch(/^export (type )?(\{[^}]*\}|\*) from "[^"]+"$/);
  });
});
