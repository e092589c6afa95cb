// The helper's question bank (content/questions/*.yaml): read and checked once per process, like the library.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import matter from "gray-matter";
import { z } from "zod";
import { type QuestionBankEntry, questionBankEntrySchema } from "../../../../core/schemas/question-bank";

export const defaultQuestionsDir = fileURLToPath(
  new URL("../../../../../content/questions", import.meta.url),
);

/** Children's questions for testing the matcher: beside the bank, but never part of it. */
const TEST_DATA_SUFFIX = ".test-data.yaml";

/** A bank entry with the theme (its file's name) it was filed under. */
export type BankEntry = QuestionBankEntry & { theme: string };

/**
 * gray-matter (which reads the story library) parses YAML with js-yaml, so the bank needs no YAML
 * dependency of its own: a file's list becomes the front matter's one field.
 */
function parseYamlList(source: string): unknown {
  const indented = source
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
  // gray-matter caches by input text; the bank is read once, so its cache would only hold memory.
  return matter(`---\nitems:\n${indented}\n---\n`, {}).data.items;
}

/** Reads and checks every theme file; a broken file stops the server loudly rather than answering from half a bank. */
export function readQuestionBank(dir: string = defaultQuestionsDir): BankEntry[] {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith(".yaml") && !name.endsWith(TEST_DATA_SUFFIX))
    .sort();
  const entries = files.flatMap((file) => {
    const parsed = z
      .array(questionBankEntrySchema)
      .safeParse(parseYamlList(readFileSync(join(dir, file), "utf8")));
    if (!parsed.success) throw new Error(`content/questions/${file}: ${z.prettifyError(parsed.error)}`);
    const theme = file.replace(/\.yaml$/, "");
    return parsed.data.map((entry) => ({ ...entry, theme }));
  });
  const ids = new Set<string>();
  for (const entry of entries) {
    if (ids.has(entry.id)) throw new Error(`content/questions: the id '${entry.id}' is used twice`);
    ids.add(entry.id);
  }
  return entries;
}

let bank: BankEntry[] | undefined;

/** The bank of this server, read on first use and kept: it never changes while the app runs. */
export function questionBank(): BankEntry[] {
  bank ??= readQuestionBank();
  return bank;
}
