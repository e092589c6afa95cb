import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { Database } from "../db/client";
import * as schema from "../db/schema";
import type { TestApp } from "./harness";

/** The test app's database through a second drizzle instance that counts the queries it sends. */
export function countingDatabase(t: TestApp) {
  const queries = {
    count: 0,
    reset() {
      queries.count = 0;
    },
  };
  const logger = {
    logQuery: () => {
      queries.count += 1;
    },
  };
  const client = (t.db as unknown as { $client: pg.Pool }).$client;
  const counted = drizzlePg(client, { schema, logger }) as unknown as Database;
  return { counted, queries };
}
