// What the measurements share: a database of the bench's own, members made through the app's real sign-up (so
// their sessions are genuine), and groups they belong to.
import pg from "pg";
import { safeLetters } from "../src/server/test/unique-name";

/** Runs one SQL statement (positional parameters) and gives back its rows. */
export type RunSql = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export type BenchDatabase = { name: string; url: string; drop(): Promise<void> };

export type BenchUser = { id: string; username: string; cookie: string };

const PASSWORD = "Lamp-river-2026";

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: "lamplight-bench" });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A fresh database on the server `baseUrl` points at, named after this process: the bench never writes into
 * a database someone else uses, and a clean start measures migrations too. CREATE and DROP run from the
 * server's `postgres` database, because a database cannot drop itself.
 */
export async function createBenchDatabase(baseUrl: string): Promise<BenchDatabase> {
  const name = `lamplight_bench_${process.pid}`;
  const adminUrl = withDatabaseName(baseUrl, "postgres");
  const drop = () =>
    withClient(adminUrl, async (client) => {
      // FORCE: after a failure a server process may still hold connections to it.
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
  await drop();
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  return { name, url: withDatabaseName(baseUrl, name), drop };
}

/** One connection for bulk seeding and direct reads, to the bench's PostgreSQL database while the app runs. */
export async function withSql<T>(url: string, use: (run: RunSql) => Promise<T>): Promise<T> {
  return withClient(url, (client) => use(async (text, params) => (await client.query(text, params)).rows));
}

export async function callApi(
  appUrl: string,
  path: string,
  body: unknown,
  cookie?: string,
): Promise<Response> {
  const response = await fetch(`${appUrl}${path}`, {
    method: "POST",
    // Better Auth and the CSRF guard both want the app's own origin on writes.
    headers: { "content-type": "application/json", origin: appUrl, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return response;
}

/** Runs `task` for each item, at most `limit` at a time, keeping the order of the results. */
export async function inBatches<T, R>(
  items: T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Users made through the public sign-up route, each with the session cookie it returned. Sign-up hashes a
 * password (scrypt on the server's thread pool), so a few run at once and no more.
 */
export async function signUpUsers(appUrl: string, count: number, prefix: string): Promise<BenchUser[]> {
  // Unique across runs on one data directory, and within the 20 word characters a username may have.
  // Letters only: moderation refuses usernames that spell a rude word or read as a phone number.
  const run = `${safeLetters(process.pid % 169)}${safeLetters(Date.now() % 13 ** 3)}`;
  return inBatches(
    Array.from({ length: count }, (_, index) => index),
    4,
    async (index) => {
      const username = `${prefix}${run}_${safeLetters(index)}`;
      await callApi(appUrl, "/api/auth/sign-up/email", {
        email: `${username}@example.com`,
        password: PASSWORD,
        username,
        birthYear: 2000,
      });
      // Sign-up starts no session (it answers alike for new and known emails): the browser signs in next.
      const response = await callApi(appUrl, "/api/auth/sign-in/email", {
        email: `${username}@example.com`,
        password: PASSWORD,
      });
      const { user } = (await response.json()) as { user: { id: string } };
      const cookie = response.headers
        .getSetCookie()
        .map((header) => header.split(";")[0])
        .join("; ");
      return { id: user.id, username, cookie };
    },
  );
}

/** A group created by the first user and joined by the rest with its invite code, as people do. */
export async function createGroupOf(appUrl: string, users: BenchUser[], name: string): Promise<string> {
  const [owner, ...joiners] = users;
  if (!owner) throw new Error("a group needs at least one user");
  const created = await callApi(appUrl, "/api/groups", { name }, owner.cookie);
  const { id, inviteCode } = (await created.json()) as { id: string; inviteCode: string };
  await inBatches(joiners, 8, (user) =>
    callApi(appUrl, "/api/groups/join", { code: inviteCode }, user.cookie),
  );
  return id;
}

/**
 * Waits until the app answers a health check quickly again: requests a load test gave up on may still hold
 * the app's database connections, and the next measurement must not pay for them.
 */
export async function waitUntilIdle(appUrl: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  let quick = 0;
  while (quick < 3) {
    if (Date.now() > until) throw new Error("the app did not become idle");
    const startedAt = performance.now();
    await fetch(`${appUrl}/api/health`).then((response) => response.arrayBuffer());
    quick = performance.now() - startedAt < 20 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A text post through the app, as the 'New Post' form sends it (multipart). */
export async function postToGroup(
  appUrl: string,
  cookie: string,
  groupId: string,
  post: { title: string; content: string },
): Promise<{ id: string }> {
  const form = new FormData();
  form.set("title", post.title);
  form.set("content", post.content);
  const response = await fetch(`${appUrl}/api/groups/${groupId}/posts`, {
    method: "POST",
    headers: { cookie, origin: appUrl },
    body: form,
  });
  if (response.status !== 201) throw new Error(`POST a post: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
}

export async function getJson<T>(url: string, cookie: string): Promise<T> {
  const response = await fetch(url, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
