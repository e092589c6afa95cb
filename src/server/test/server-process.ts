import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { safeLetters } from "./unique-name";

// The real server as a separate process, for the tests that are about the process itself: signals, and a
// database that goes away under it.

const root = join(import.meta.dirname, "../../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  baseUrl: string;
  /** Resolves when the process exits, with its code and the moment it did. */
  exited: Promise<{ code: number | null; at: number }>;
  /** Everything it printed so far. */
  output: () => string;
  /** Kills it if still running and removes its data directory. */
  stop: () => void;
};

/**
 * Starts src/server/main.ts and resolves once it listens. Without `databaseUrl`, on its own embedded PostgreSQL
 * in its data directory (as `npm start` runs with no configuration); `env` adds
 * or overrides variables (e.g. EVENT_STREAMS_MAX).
 */
export async function startServerProcess(
  options: { databaseUrl?: string; env?: Record<string, string> } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "lamplight-process-"));
  // As root the embedded PostgreSQL runs as the user postgres, which must be able to reach its folder.
  chmodSync(dataDir, 0o755);
  const { DATABASE_URL: _inherited, ...env } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once("exit", (code) => resolve({ code, at: Date.now() })),
  );
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    stopEmbeddedPostgres(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const until = Date.now() + 50_000;
  while (!output.includes("Lamplight is listening")) {
    if (child.exitCode !== null || Date.now() > until) {
      stop();
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, baseUrl, exited, output: () => output, stop };
}

/** A killed server leaves its embedded PostgreSQL running (its next start would attach to it): end it too. */
function stopEmbeddedPostgres(dataDir: string) {
  try {
    const pid = Number(readFileSync(join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
    if (pid > 0) process.kill(pid, "SIGQUIT");
  } catch {
    // none was started, or it has stopped
  }
}

/** Signs up a new user through the API, as a browser on the server's own origin would. */
export async function signUpOn(baseUrl: string) {
  const name = `kid_${safeLetters(Date.now())}${safeLetters(Math.floor(Math.random() * 1e6))}`.slice(0, 20);
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { origin: baseUrl, "content-type": "application/json" },
    body: JSON.stringify({
      email: `${name}@example.com`,
      password: "Lamp-river-2026",
      username: name,
      birthYear: 2000,
    }),
  });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  // Sign-up starts no session (it answers alike for new and known emails): the browser signs in next, as here.
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: baseUrl, "content-type": "application/json" },
    body: JSON.stringify({ email: `${name}@example.com`, password: "Lamp-river-2026" }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  return { cookie };
}
