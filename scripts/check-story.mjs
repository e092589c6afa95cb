// Checks story files against the library rules: node scripts/check-story.mjs content/stories/ruth-and-naomi.md
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { register } from "tsx/esm/api";

register();
const { parseStoryFile, countWords } = await import("../src/server/features/stories/library.ts");
let failed = false;
for (const path of process.argv.slice(2)) {
  try {
    const story = parseStoryFile(basename(path), await readFile(path, "utf8"));
    console.log(`ok ${path}: ${story.layers.map((layer) => `${countWords(layer.text)} words`).join(", ")}`);
  } catch (error) {
    failed = true;
    console.log(`FAIL ${error.message}`);
  }
}
process.exit(failed ? 1 : 0);
