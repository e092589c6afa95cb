import { existsSync } from "node:fs";
import { join } from "node:path";
import { type DatabaseHandle, openDatabase } from "./client";
import { startEmbeddedPostgres } from "./embedded-postgres";

export type ConfiguredDatabase = {
  database: DatabaseHandle;
  /** The PostgreSQL connection string (the realtime bus listens on it); none on a legacy PGlite folder. */
  url?: string;
  /** What the start-up line names: "postgres", "embedded postgres" or "pglite". */
  label: string;
  /** Closes the pool, then stops the embedded server if this process started it. */
  close(): Promise<void>;
};

/** Where a data folder from before the embedded PostgreSQL keeps its PGlite database. */
export function legacyPgliteDir(dataDir: string): string | undefined {
  const dir = join(dataDir, "pglite");
  return existsSync(join(dir, "PG_VERSION")) && !existsSync(join(dataDir, "postgres")) ? dir : undefined;
}

/**
 * The database the environment names: DATABASE_URL, else the embedded PostgreSQL in DATA_DIR. A data folder
 * from an earlier version that holds only a PGlite database keeps running on it, so that an upgrade never
 * leaves a ministry's data behind (docs/decisions/007-embedded-postgresql.md).
 */
export async function openConfiguredDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  onWarning?: (message: string) => void;
}): Promise<ConfiguredDatabase> {
  if (options.databaseUrl) {
    const database = openDatabase({ url: options.databaseUrl, poolSize: options.poolSize });
    return { database, url: options.databaseUrl, label: "postgres", close: () => database.close() };
  }
  const legacy = legacyPgliteDir(options.dataDir);
  if (legacy) {
    const database = openDatabase({ dataDir: legacy });
    return { database, label: "pglite", close: () => database.close() };
  }
  const server = await startEmbeddedPostgres({ dataDir: options.dataDir, onWarning: options.onWarning });
  const database = openDatabase({ url: server.url, poolSize: options.poolSize });
  return {
    database,
    url: server.url,
    label: "embedded postgres",
    close: async () => {
      await database.close();
      await server.stop();
    },
  };
}
