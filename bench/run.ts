// `npm run bench`: measures on this machine and prints one markdown table; the same rows go to
// bench/results.json as [{ name, value, unit, goal, met, note? }]. Seeds nothing it does not create itself:
// with DATABASE_URL set it works in a fresh database of its own on that server and drops it at the end;
// without, the app brings its embedded database into a fresh DATA_DIR, and the rows that need to seed or
// query the database directly say so instead of a value.
//
// `npm run bench -- --only=ceiling,fanout` runs some parts only (names below); a partial run prints its table
// and writes its rows only where `--out=FILE` says, so that bench/results.json always holds a whole run.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { measureCeilingRows } from "./ceiling-rows";
import { measureFanoutRows } from "./fanout";
import { measureFeedRows } from "./feed";
import { bench, makeDataDir, type Row, root, rows, stopAllServers } from "./harness";
import { measureMediaRows } from "./media-memory";
import { measureMillionRows } from "./million";
import { type BenchDatabase, createBenchDatabase } from "./setup";
import { buildWebIfStale, measurePageRows, measureStartRows } from "./start-and-pages";
import { measureCapacityRows } from "./stream-capacity";
import { measureFirstPieceRows } from "./stream-latency";

/** The parts, in the order a whole run takes them: the heavy seeding and the most streams come last. */
const PARTS: Record<string, () => Promise<void>> = {
  start: measureStartRows,
  pages: measurePageRows,
  "first-piece": measureFirstPieceRows,
  capacity: measureCapacityRows,
  media: measureMediaRows,
  ceiling: measureCeilingRows,
  feed: measureFeedRows,
  fanout: measureFanoutRows,
  million: measureMillionRows,
};

function parseArguments(argv: string[]) {
  let only: string[] | undefined;
  let out: string | undefined;
  for (const argument of argv) {
    if (argument.startsWith("--only=")) only = argument.slice("--only=".length).split(",").filter(Boolean);
    else if (argument.startsWith("--out=")) out = argument.slice("--out=".length);
    else
      throw new Error(
        `unknown argument ${argument}; use --only=${Object.keys(PARTS).join(",")} and --out=FILE`,
      );
  }
  const unknown = (only ?? []).filter((part) => !(part in PARTS));
  if (unknown.length > 0)
    throw new Error(`unknown part ${unknown.join(", ")}; the parts are ${Object.keys(PARTS).join(", ")}`);
  const parts = only ? Object.keys(PARTS).filter((part) => only.includes(part)) : Object.keys(PARTS);
  return { parts, out: out ?? (only ? undefined : join(root, "bench/results.json")) };
}

function formatValue(row: Row) {
  return row.value === null ? "—" : `${row.value.toLocaleString("en-US")} ${row.unit}`;
}

function table(all: Row[]) {
  return [
    "| measure | value | goal | met |",
    "|---|---:|---|:-:|",
    ...all.map((row) => {
      const name = row.note ? `${row.name} (${row.note})` : row.name;
      const met = row.met === null ? "—" : row.met ? "yes" : "**no**";
      return `| ${name} | ${formatValue(row)} | ${row.goal} | ${met} |`;
    }),
  ].join("\n");
}

async function main() {
  const startedAt = performance.now();
  const { parts, out } = parseArguments(process.argv.slice(2));
  bench.dataDir = makeDataDir("lamplight-bench-");
  bench.database = process.env.DATABASE_URL ? "PostgreSQL" : "embedded database";
  let benchDatabase: BenchDatabase | undefined;
  const cleanUp = async () => {
    try {
      await stopAllServers();
      await benchDatabase?.drop();
    } finally {
      rmSync(bench.dataDir, { recursive: true, force: true });
    }
  };
  // Ctrl-C would otherwise leave the bench database and servers behind.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      cleanUp().finally(() => process.exit(130));
    });
  }
  if (!process.env.DATABASE_URL)
    console.error(
      "DATABASE_URL is not set: measuring on the app's embedded database in a fresh DATA_DIR; the rows that seed by SQL or need the ceiling are skipped.",
    );
  let failures = 0;
  try {
    if (process.env.DATABASE_URL) {
      benchDatabase = await createBenchDatabase(process.env.DATABASE_URL);
      bench.databaseUrl = benchDatabase.url;
    }
    await buildWebIfStale();
    for (const part of parts) {
      const partStartedAt = performance.now();
      try {
        await PARTS[part]?.();
      } catch (error) {
        // One part failing leaves the others' rows standing; the run still fails at the end.
        failures += 1;
        console.error(`bench part ${part} failed:`, error);
        rows.push({
          name: `Bench part ${part}`,
          value: null,
          unit: "",
          goal: "runs",
          met: false,
          note: String(error),
        });
        await stopAllServers();
      }
      console.error(`bench part ${part}: ${((performance.now() - partStartedAt) / 1000).toFixed(0)} s`);
    }
  } finally {
    await cleanUp();
  }

  console.log(table(rows));
  console.error(`The bench took ${((performance.now() - startedAt) / 60_000).toFixed(1)} minutes.`);
  if (out) writeFileSync(out, `${JSON.stringify(rows, null, 2)}\n`);
  else console.error("A partial run: bench/results.json is left as it was (--out=FILE writes these rows).");
  if (failures > 0) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
