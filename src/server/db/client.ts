import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** The PostgreSQL connection string when kind is postgres (the realtime bus listens on it). */
  url?: string;
  /** The schema a test file's tables live in on a shared PostgreSQL (none in production). */
  searchPath?: string;
  /** The embedded PGlite instance when kind is pglite (the job queue runs its SQL through it). */
  pglite?: PGlite;
  migrate(): Promise<void>;
  /** Safe to call more than once (shutdown and tests may both close). */
  close(): Promise<void>;
  /** The connection pool's use now, for /metrics; PostgreSQL only (PGlite is one connection in the process). */
  poolStats?: () => PoolStats;
};

/** What node-postgres' pool says of itself: connections open, idle, queries waiting for one, the most it opens. */
export type PoolStats = { total: number; idle: number; waiting: number; max: number };

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

type OpenOptions =
  /** PostgreSQL; `searchPath` isolates a test file in its own schema. */
  | { url: string; searchPath?: string; poolSize?: number }
  /** Embedded PGlite: a directory, or an existing instance (tests load a migrated copy). */
  | { dataDir: string }
  | { pglite: PGlite };

/** The connections kept open while the app is idle: a page load's first reads, side by side. */
const WARM_CONNECTIONS = 4;

function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}

export function openDatabase(options: OpenOptions): DatabaseHandle {
  if ("url" in options) {
    const max = options.poolSize ?? 10;
    const pool = new pg.Pool({
      connectionString: options.url,
      max,
      // A few connections stay open through a quiet minute. pg closes every idle one after 10 s by default,
      // and a page load after a pause then waited for new ones (a new server process each, its caches cold):
      // its four first reads took 22-119 ms instead of 14-28.
      min: Math.min(WARM_CONNECTIONS, max),
      idleTimeoutMillis: 60_000,
      options: options.searchPath ? `-c search_path=${options.searchPath}` : undefined,
    });
    // A client losing its connection (database restart) must not crash the process. The pool hears idle
    // clients; a checked-out client between two statements of a transaction has no listener but its own,
    // and its next query fails with the error instead, which the request turns into a 5xx.
    pool.on("error", () => {});
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      url: options.url,
      searchPath: options.searchPath,
      migrate: async () => {
        // Instances started together take turns (the migrator takes no lock of its own): one applies what
        // is new, the others then find nothing left to do. Keyed by schema, so tests in their own schemas
        // do not wait for each other.
        const lockKey = `lamplight-migrate:${options.searchPath ?? "public"}`;
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock(hashtext($1))", [lockKey]);
          await migratePg(db as never, {
            migrationsFolder,
            migrationsSchema: options.searchPath ?? "drizzle",
          });
        } finally {
          await client.query("select pg_advisory_unlock(hashtext($1))", [lockKey]).catch(() => {});
          client.release();
        }
      },
      close: once(() => pool.end()),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max,
      }),
    };
  }
  let client: PGlite;
  if ("pglite" in options) client = options.pglite;
  else {
    mkdirSync(options.dataDir, { recursive: true });
    client = new PGlite(options.dataDir);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: once(() => client.close()),
  };
}

export async function isDatabaseReachable(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
