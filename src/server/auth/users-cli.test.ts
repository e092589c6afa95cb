import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CHILD_EMAIL_DOMAIN } from "../../core/family";
import { type Database, type DatabaseHandle, openDatabase } from "../db/client";
import { openConfiguredDatabase } from "../db/configured";
import { parentChildren, profiles, users } from "../db/schema";

// `npm run users` as an operator runs it: a process of its own on the app's database, chosen by the same
// variables, on the embedded database and (when the suite runs there) on PostgreSQL.

const root = fileURLToPath(new URL("../../..", import.meta.url));
const script = join(root, "scripts/users.ts");

type Outcome = { code: number; stdout: string; stderr: string };

function runUsers(args: string[], env: Record<string, string>): Promise<Outcome> {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ADMIN_EMAILS: _admins, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", script, ...args],
      { cwd: root, env: { ...inherited, ...env }, timeout: 20_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const thisYear = new Date().getUTCFullYear();
const childEmail = (id: string) => `${id}@${CHILD_EMAIL_DOMAIN}`;

/**
 * Four accounts made as sign-up makes them, except Boaz, whose profile was never created. Orpah has not
 * confirmed her email yet; the others have. Then a family (issue 24): Mahlon, a parent, and Ruth look after
 * David (15); Mahlon agreed for Jesse (9); Obed (8) still waits for a parent. Children under 13 have no email.
 */
async function addAccounts(db: Database) {
  await db.insert(users).values([
    {
      id: "u-ruth",
      name: "ruth_reads",
      email: "ruth@example.com",
      emailVerified: true,
      createdAt: new Date("2026-01-02T09:30:00Z"),
    },
    {
      id: "u-naomi",
      name: "naomi",
      email: "naomi@example.com",
      emailVerified: true,
      createdAt: new Date("2026-01-01T08:00:00Z"),
    },
    {
      id: "u-boaz",
      name: "boaz",
      email: "boaz@example.com",
      emailVerified: true,
      createdAt: new Date("2026-01-03T10:00:00Z"),
    },
    { id: "u-orpah", name: "orpah", email: "orpah@example.com", createdAt: new Date("2026-01-04T11:00:00Z") },
    {
      id: "u-mahlon",
      name: "mahlon",
      email: "mahlon@example.com",
      emailVerified: true,
      createdAt: new Date("2026-01-05T12:00:00Z"),
    },
    {
      id: "u-jesse",
      name: "jesse",
      email: childEmail("u-jesse"),
      createdAt: new Date("2026-01-06T13:00:00Z"),
    },
    {
      id: "u-david",
      name: "david",
      email: "david@example.com",
      emailVerified: true,
      createdAt: new Date("2026-01-07T14:00:00Z"),
    },
    { id: "u-obed", name: "obed", email: childEmail("u-obed"), createdAt: new Date("2026-01-08T15:00:00Z") },
  ]);
  await db.insert(profiles).values([
    { id: "u-ruth", username: "ruth_reads", birthYear: thisYear - 30 },
    { id: "u-naomi", username: "naomi", role: "admin" },
    { id: "u-orpah", username: "orpah" },
    { id: "u-mahlon", username: "mahlon", role: "parent", birthYear: thisYear - 40 },
    { id: "u-jesse", username: "jesse", birthYear: thisYear - 9 },
    { id: "u-david", username: "david", birthYear: thisYear - 15 },
    { id: "u-obed", username: "obed", birthYear: thisYear - 8, accountState: "waiting_for_parent" },
  ]);
  await db.insert(parentChildren).values([
    { parentUserId: "u-mahlon", childUserId: "u-jesse" },
    { parentUserId: "u-mahlon", childUserId: "u-david" },
    { parentUserId: "u-ruth", childUserId: "u-david" },
  ]);
}

async function rolesIn(db: Database) {
  const rows = await db.select({ id: profiles.id, role: profiles.role }).from(profiles);
  return Object.fromEntries(rows.map((row) => [row.id, row.role]));
}

/** The commands and answers every database must give alike; `env` points the tool at the database. */
async function expectCommandsWork(
  env: Record<string, string>,
  readRoles: () => Promise<Record<string, string>>,
) {
  const promoted = await runUsers(["promote", "RUTH@example.com", "leader"], env);
  expect(promoted, promoted.stderr).toMatchObject({ code: 0 });
  expect(promoted.stdout.trim()).toBe("ruth@example.com is now a leader (was member).");

  const boaz = await runUsers(["promote", "boaz@example.com", "admin"], env);
  expect(boaz.stdout.trim()).toBe("boaz@example.com is now an admin (was member).");

  // Leaders and admins need a confirmed address: whoever signed up with it may not own it.
  const orpah = await runUsers(["promote", "orpah@example.com", "leader"], env);
  expect(orpah).toMatchObject({ code: 1, stdout: "" });
  expect(orpah.stderr).toContain("orpah@example.com has not confirmed its email yet");
  expect(orpah.stderr).toContain("Confirm your email for Lamplight");

  const list = await runUsers(["list"], env);
  expect(list.code).toBe(0);
  const lines = list.stdout.trim().split("\n");
  expect(lines[0]).toMatch(/^email\s+confirmed\s+username\s+role\s+age\s+family link\s+created \(UTC\)$/);
  expect(lines.slice(1).map((line) => line.split(/\s{2,}/))).toEqual([
    ["naomi@example.com", "yes", "naomi", "admin", "13+", "-", "2026-01-01 08:00"],
    ["ruth@example.com", "yes", "ruth_reads", "leader", "18+", "parent of 1", "2026-01-02 09:30"],
    ["boaz@example.com", "yes", "boaz", "admin", "13+", "-", "2026-01-03 10:00"],
    ["orpah@example.com", "no", "orpah", "member", "13+", "-", "2026-01-04 11:00"],
    ["mahlon@example.com", "yes", "mahlon", "parent", "18+", "parent of 2", "2026-01-05 12:00"],
    // A child's stand-in address is nobody's, so none is shown.
    ["-", "no", "jesse", "member", "under 13", "parent agreed", "2026-01-06 13:00"],
    ["david@example.com", "yes", "david", "member", "13-17", "linked to 2 parents", "2026-01-07 14:00"],
    ["-", "no", "obed", "member", "under 13", "waiting for a parent", "2026-01-08 15:00"],
  ]);

  const demoted = await runUsers(["demote", "naomi@example.com"], {
    ...env,
    ADMIN_EMAILS: "naomi@example.com",
  });
  expect(demoted.code).toBe(0);
  expect(demoted.stdout).toContain("naomi@example.com is now a member (was admin).");
  // The list would make her an admin again at her next sign-in: the tool says so.
  expect(demoted.stdout).toContain("ADMIN_EMAILS lists this address");

  const unknown = await runUsers(["demote", "nobody@example.com"], env);
  expect(unknown).toMatchObject({ code: 1, stdout: "" });
  expect(unknown.stderr.trim()).toBe("No account has the email nobody@example.com.");

  expect(await readRoles()).toEqual({
    "u-ruth": "leader",
    "u-naomi": "member",
    "u-boaz": "admin",
    "u-orpah": "member",
    "u-mahlon": "parent",
    "u-jesse": "member",
    "u-david": "member",
    "u-obed": "member",
  });
}

describe("npm run users: arguments", () => {
  it("refuses wrong arguments with exit code 2 and the usage text", { timeout: 60_000 }, async () => {
    const cases: [string[], string][] = [
      [[], "Which command?"],
      [["promote", "ruth@example.com"], "promote needs an email and a role"],
      [["promote", "ruth@example.com", "member"], '"member" is not a role to promote to'],
      [["promote", "ruth@example.com", "king"], '"king" is not a role to promote to'],
      [["demote"], "demote needs an email."],
      [["list", "everyone"], "list takes no arguments."],
      [["delete", "ruth@example.com"], 'Unknown command "delete".'],
    ];
    // One at a time: side by side they would crowd the other test files running meanwhile.
    for (const [args, message] of cases) {
      const outcome = await runUsers(args, {});
      expect(outcome.code, args.join(" ")).toBe(2);
      expect(outcome.stderr).toContain(message);
      expect(outcome.stderr).toContain("Usage: npm run users -- <command>");
    }
  });
});

describe("npm run users: the embedded database", () => {
  let dataDir: string;
  /** The embedded PostgreSQL in dataDir, started for the moment (as the tool does when the app is not running). */
  const withEmbedded = async <T>(use: (db: Database) => Promise<T>): Promise<T> => {
    const configured = await openConfiguredDatabase({ dataDir });
    try {
      return await use(configured.database.db);
    } finally {
      await configured.close();
    }
  };
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "lamplight-users-"));
    // As root the cluster runs as the user postgres, which must be able to reach its folder.
    chmodSync(dataDir, 0o755);
    const configured = await openConfiguredDatabase({ dataDir });
    try {
      await configured.database.migrate();
      await addAccounts(configured.database.db);
    } finally {
      await configured.close();
    }
  }, 60_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("promotes, lists and demotes, and names an unknown email", { timeout: 90_000 }, async () => {
    await expectCommandsWork({ DATA_DIR: dataDir }, () => withEmbedded(rolesIn));
  });

  it("works while the running app holds the database, and leaves it running", {
    timeout: 60_000,
  }, async () => {
    const app = await openConfiguredDatabase({ dataDir });
    try {
      const outcome = await runUsers(["promote", "ruth@example.com", "leader"], { DATA_DIR: dataDir });
      expect(outcome.stderr).toBe("");
      expect(outcome.code).toBe(0);
      expect((await rolesIn(app.database.db))["u-ruth"]).toBe("leader");
      const demoted = await runUsers(["demote", "ruth@example.com"], { DATA_DIR: dataDir });
      expect(demoted.code).toBe(0);
    } finally {
      await app.close();
    }
  });

  it("says so and changes nothing while the running app holds a PGlite folder from an earlier version", {
    timeout: 90_000,
  }, async () => {
    const legacyDir = mkdtempSync(join(tmpdir(), "lamplight-users-legacy-"));
    try {
      const legacy = openDatabase({ dataDir: join(legacyDir, "pglite") });
      await legacy.migrate();
      await addAccounts(legacy.db);
      await legacy.close();
      const app = new PGlite(join(legacyDir, "pglite"));
      await app.waitReady;
      try {
        const outcome = await runUsers(["promote", "ruth@example.com", "admin"], { DATA_DIR: legacyDir });
        expect(outcome.code).toBe(1);
        expect(outcome.stderr).toContain("The app is running and holds the embedded database");
        expect(outcome.stderr).toContain("Stop it first");
      } finally {
        await app.close();
      }
      // Once the app has stopped, the tool works again, and Ruth was not made an admin.
      const list = await runUsers(["list"], { DATA_DIR: legacyDir });
      expect(list.code).toBe(0);
      expect(list.stdout).toMatch(/^ruth@example\.com\s+yes\s+ruth_reads\s+(member|leader)\s/m);
    } finally {
      rmSync(legacyDir, { recursive: true, force: true });
    }
  });

  it("says when there is no database yet", async () => {
    const empty = mkdtempSync(join(tmpdir(), "lamplight-users-empty-"));
    try {
      const outcome = await runUsers(["list"], { DATA_DIR: empty });
      expect(outcome.code).toBe(1);
      expect(outcome.stderr).toContain("There is no embedded database");
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

const databaseUrl = inject("databaseUrl");

describe("npm run users: a PostgreSQL server DATABASE_URL names", () => {
  const schema = `test_${randomBytes(6).toString("hex")}`;
  let database: DatabaseHandle;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    database = openDatabase({ url: databaseUrl, searchPath: schema, poolSize: 2 });
    await database.migrate();
    await addAccounts(database.db);
  });
  afterAll(async () => {
    await database?.close();
    const cleanup = new pg.Client({ connectionString: databaseUrl });
    await cleanup.connect();
    await cleanup.query(`drop schema if exists ${schema} cascade`);
    await cleanup.end();
  });

  it("works while another process (the app) has the database open", { timeout: 90_000 }, async () => {
    // The tool sees only this file's schema, as the app would see its own database.
    const url = new URL(databaseUrl);
    url.searchParams.set("options", `-c search_path=${schema}`);
    await expectCommandsWork({ DATABASE_URL: url.toString() }, () => rolesIn(database.db));
  });
});
