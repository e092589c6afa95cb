// `npm run users -- <command>`: lists accounts and sets their roles, on the database the app itself uses
// (DATABASE_URL, or the embedded one in DATA_DIR), read from the same environment through env.ts.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { ageBand, isUnder13 } from "../src/core/ages";
import { isChildPlaceholderEmail } from "../src/core/family";
import type { Role } from "../src/core/schemas/moderation";
import { isRole, setRoleByEmail, UnconfirmedEmailError } from "../src/server/auth/roles";
import type { Database, DatabaseHandle } from "../src/server/db/client";
import {
  type ConfiguredDatabase,
  legacyPgliteDir,
  openConfiguredDatabase,
} from "../src/server/db/configured";
import { parentChildren, profiles, users } from "../src/server/db/schema";
import { type Env, readEnv } from "../src/server/env";

const USAGE = `Usage: npm run users -- <command>

Commands:
  list                            every account: email, confirmed, username, role, age band, family link, created
  promote <email> leader|admin    give the account that role (its email must be confirmed)
  demote <email>                  make the account an ordinary member again

Exit codes: 0 done, 1 not done (unknown email, database unavailable), 2 wrong usage.`;

/** Wrong arguments: the usage text follows the message. */
class UsageError extends Error {}
/** Right arguments, but it could not be done. */
class Failure extends Error {}

type Command = { name: "list" } | { name: "set-role"; email: string; role: Role };

function parseArguments(args: string[]): Command | "help" {
  const [name, ...rest] = args;
  if (name === "help" || name === "--help" || name === "-h") return "help";
  if (name === "list") {
    if (rest.length > 0) throw new UsageError("list takes no arguments.");
    return { name: "list" };
  }
  if (name === "promote") {
    const [email, role, ...extra] = rest;
    if (!email || !role) throw new UsageError("promote needs an email and a role, leader or admin.");
    if (role !== "leader" && role !== "admin")
      throw new UsageError(
        `"${role}" is not a role to promote to: use leader or admin (demote makes a member).`,
      );
    if (extra.length > 0) throw new UsageError("promote takes an email and a role, nothing more.");
    return { name: "set-role", email, role };
  }
  if (name === "demote") {
    const [email, ...extra] = rest;
    if (!email) throw new UsageError("demote needs an email.");
    if (extra.length > 0) throw new UsageError("demote takes an email, nothing more.");
    return { name: "set-role", email, role: "member" };
  }
  throw new UsageError(name ? `Unknown command "${name}".` : "Which command?");
}

/**
 * The app's database. The embedded PostgreSQL is shared with the app while it runs (this tool attaches to it),
 * and started for the moment otherwise. A legacy PGlite folder lets only one process use it safely, yet does
 * not stop a second one: the postmaster.pid it keeps there while open (and removes on a clean close) is the
 * sign that the app has it.
 */
async function openAppDatabase(env: Env): Promise<ConfiguredDatabase> {
  const dataDir = resolve(env.DATA_DIR);
  if (!env.DATABASE_URL && !existsSync(join(dataDir, "postgres", "PG_VERSION")) && !legacyPgliteDir(dataDir))
    throw new Failure(
      `There is no embedded database in ${dataDir} yet. Start the app once (npm start) to create it, or set ` +
        "DATABASE_URL to use PostgreSQL.",
    );
  const legacy = env.DATABASE_URL ? undefined : legacyPgliteDir(dataDir);
  if (legacy && existsSync(join(legacy, "postmaster.pid")))
    throw new Failure(
      "The app is running and holds the embedded database, which only one process can open. Stop it first " +
        "(or use PostgreSQL through DATABASE_URL, where this works while the app runs), then try again.\n" +
        "If the app is not running, it was stopped without closing the database: start it and stop it once " +
        "(Ctrl+C), then try again.",
    );
  return openConfiguredDatabase({ databaseUrl: env.DATABASE_URL, dataDir, poolSize: 1 });
}

const article = (role: Role) => (role === "admin" ? "an admin" : `a ${role}`);

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

type ListedAccount = {
  email: string;
  emailVerified: boolean;
  username: string | null;
  role: Role;
  birthYear: number | null;
  waitingForParent: boolean;
  parents: number;
  children: number;
  createdAt: Date;
};

/** Every account, oldest first, with how many parents and children it is linked to: one query, however many. */
async function listAccounts(db: Database): Promise<ListedAccount[]> {
  const rows = await db
    .select({
      email: users.email,
      emailVerified: users.emailVerified,
      username: profiles.username,
      role: profiles.role,
      birthYear: profiles.birthYear,
      accountState: profiles.accountState,
      // Each count is served by an index of parent_children (its key starts with the parent, its other index
      // with the child).
      parents: sql<number>`(select count(*) from ${parentChildren} where ${parentChildren.childUserId} = ${users.id})::int`,
      children: sql<number>`(select count(*) from ${parentChildren} where ${parentChildren.parentUserId} = ${users.id})::int`,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .orderBy(asc(users.createdAt), asc(users.email));
  return rows.map(({ accountState, ...row }) => ({
    ...row,
    // A missing profile (an account made before profiles were made at sign-up) is an ordinary, active member.
    role: isRole(row.role) ? row.role : "member",
    waitingForParent: accountState === "waiting_for_parent",
  }));
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** Where the account stands in a family, in the words issue 24 gives the operator. */
function linkState(account: ListedAccount): string {
  if (account.waitingForParent) return "waiting for a parent";
  if (account.parents > 0)
    return isUnder13(account.birthYear) ? "parent agreed" : `linked to ${plural(account.parents, "parent")}`;
  if (account.children > 0) return `parent of ${account.children}`;
  return "-";
}

async function run(command: Command, env: Env, database: DatabaseHandle): Promise<string> {
  if (command.name === "list") {
    const accounts = await listAccounts(database.db);
    if (accounts.length === 0) return "No accounts yet.";
    return table([
      ["email", "confirmed", "username", "role", "age", "family link", "created (UTC)"],
      ...accounts.map((account) => [
        // A child under 13 has no email; the address Better Auth needs in its place is nobody's.
        isChildPlaceholderEmail(account.email) ? "-" : account.email,
        account.emailVerified ? "yes" : "no",
        account.username ?? "-",
        account.role,
        ageBand(account.birthYear),
        linkState(account),
        account.createdAt.toISOString().slice(0, 16).replace("T", " "),
      ]),
    ]);
  }
  const changed = await setRoleByEmail(database.db, command.email, command.role).catch((error) => {
    if (error instanceof UnconfirmedEmailError) throw new Failure(error.message);
    throw error;
  });
  if (!changed) throw new Failure(`No account has the email ${command.email}.`);
  const lines =
    changed.previous === changed.role
      ? [`${changed.email} is already ${article(changed.role)}.`]
      : [`${changed.email} is now ${article(changed.role)} (was ${changed.previous}).`];
  if (changed.role !== "admin" && env.ADMIN_EMAILS.includes(changed.email.toLowerCase()))
    lines.push(
      "ADMIN_EMAILS lists this address, so it becomes an admin again at its next sign-in: take it off the list.",
    );
  return lines.join("\n");
}

/** What went wrong with the database, in words for whoever runs the tool. */
function describeDatabaseError(error: unknown): string {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  if (code === "42P01")
    return "The database has no Lamplight tables yet. Start the app once (npm start) so it sets them up.";
  const message = error instanceof Error ? error.message : String(error);
  return `The database could not be used: ${message}`;
}

async function main(): Promise<number> {
  let command: Command | "help";
  try {
    command = parseArguments(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (command === "help") {
    console.log(USAGE);
    return 0;
  }
  const env = readEnv();
  let configured: ConfiguredDatabase;
  try {
    configured = await openAppDatabase(env);
  } catch (error) {
    console.error(error instanceof Failure ? error.message : describeDatabaseError(error));
    return 1;
  }
  try {
    console.log(await run(command, env, configured.database));
    return 0;
  } catch (error) {
    console.error(error instanceof Failure ? error.message : describeDatabaseError(error));
    return 1;
  } finally {
    // Closing PGlite cleanly removes its postmaster.pid, so the app's next start (and this tool) see it free;
    // an embedded PostgreSQL this tool started is stopped, one the app runs is left to it.
    await configured.close().catch(() => {});
  }
}

process.exitCode = await main();
