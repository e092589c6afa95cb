import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client";
import { parseEnv } from "../env";
import { loadLibrary } from "../features/stories/library";
import { seedStories } from "../features/stories/seed";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated and seeded PGlite data dir that every test file loads a private copy of. */
    pgliteTemplate: string;
    /** Set when the suite runs on PostgreSQL: each test file gets its own schema there. */
    databaseUrl: string;
  }
}

// Migrating once and cloning the result per file (as Epic Stack copies a base database) keeps files fast.
export default async function setup(project: TestProject) {
  const { DATABASE_URL } = parseEnv(process.env);
  project.provide("databaseUrl", DATABASE_URL ?? "");
  const dir = mkdtempSync(join(tmpdir(), "lamplight-test-"));
  const templateFile = join(dir, "template.tar.gz");
  if (!DATABASE_URL) {
    const pglite = new PGlite();
    const database = openDatabase({ pglite });
    await database.migrate();
    await seedStories(database.db, await loadLibrary());
    const dump = await pglite.dumpDataDir("gzip");
    writeFileSync(templateFile, new Uint8Array(await dump.arrayBuffer()));
    await pglite.close();
  }
  project.provide("pgliteTemplate", templateFile);
  return () => rmSync(dir, { recursive: true, force: true });
}
