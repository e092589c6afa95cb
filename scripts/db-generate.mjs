// Generates a SQL migration from the tables in src/server/db/schema/, then makes it schema-relative: drizzle-kit
// writes "public"."table" in foreign keys, and the test suite runs every file in its own PostgreSQL schema.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";

const folder = new URL("../src/server/db/migrations/", import.meta.url);
execFileSync("npx", ["drizzle-kit", "generate", ...process.argv.slice(2)], { stdio: "inherit" });
for (const file of readdirSync(folder).filter((name) => name.endsWith(".sql"))) {
  const path = new URL(file, folder);
  const sql = readFileSync(path, "utf8");
  if (sql.includes('"public".')) writeFileSync(path, sql.replaceAll('"public".', ""));
}
