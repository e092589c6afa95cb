import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client";
import { startEmbeddedPostgres } from "../db/embedded-postgres";
import { parseEnv } from "../env";
import { loadLibrary } from "../features/stories/library";
import { seedStories } from "../features/stories/seed";

declare module "vitest" {
  export interface ProvidedContext {
    /** The PostgreSQL server the suite runs on: the one DATABASE_URL names, or an embedded one of its own. */
    databaseUrl: string;
    /**
     * On the embedded server, a migrated and seeded database that every test file copies (CREATE DATABASE …
     * TEMPLATE, as Epic Stack copies a base database); empty on a server we were given, where each file makes
     * its own schema instead (creating databases may not be allowed there).
     */
    templateDatabase: string;
  }
}

export const TEMPLATE_DATABASE = "lamplight_template";

export default async function setup(project: TestProject) {
  const { DATABASE_URL } = parseEnv(process.env);
  if (DATABASE_URL) {
    project.provide("databaseUrl", DATABASE_URL);
    project.provide("templateDatabase", "");
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), "lamplight-test-"));
  // As root the cluster runs as the user postgres, which must be able to reach its folder.
  chmodSync(dataDir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir, throwaway: true });
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  await admin.end();
  const templateUrl = new URL(server.url);
  templateUrl.pathname = `/${TEMPLATE_DATABASE}`;
  const template = openDatabase({ url: templateUrl.href });
  await template.migrate();
  await seedStories(template.db, await loadLibrary());
  // A template must have no connections while it is copied.
  await template.close();
  project.provide("databaseUrl", server.url);
  project.provide("templateDatabase", TEMPLATE_DATABASE);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
