import { and, asc, eq, ne, sql } from "drizzle-orm";
import { ROLES, type Role } from "../../core/schemas/moderation";
import type { Database } from "../db/client";
import { profiles, users } from "../db/schema";
import { ensureProfile } from "../features/profile/service";

// App-wide roles (DESIGN.md): read by the role guards and the pin rule, set by ADMIN_EMAILS and `npm run users`.

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

/** A profile that is missing (not loaded yet) is an ordinary member. */
export async function getRole(db: Database, userId: string): Promise<Role> {
  const row = await db.query.profiles.findFirst({ where: eq(profiles.id, userId), columns: { role: true } });
  return isRole(row?.role) ? row.role : "member";
}

/**
 * Makes the account an admin when its email is in ADMIN_EMAILS (lower-cased) and has been confirmed by its
 * link: whoever first signs up with a listed address does not thereby own it. Called when the link is used and
 * at every sign-in. Never demotes: an address taken off the list keeps its role until someone runs
 * `npm run users -- demote`. True when the role changed.
 */
export async function promoteListedAdmin(
  db: Database,
  userId: string,
  adminEmails: readonly string[],
): Promise<boolean> {
  if (adminEmails.length === 0) return false;
  const user = await db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: { email: true, name: true, emailVerified: true },
  });
  if (!user?.emailVerified || !adminEmails.includes(user.email.toLowerCase())) return false;
  // The profile may not exist yet for an account made before profiles were created at sign-up.
  await ensureProfile(db, userId, user.name);
  const changed = await db
    .update(profiles)
    .set({ role: "admin" })
    .where(and(eq(profiles.id, userId), ne(profiles.role, "admin")))
    .returning({ id: profiles.id });
  return changed.length > 0;
}

export type AccountRow = {
  email: string;
  emailVerified: boolean;
  username: string | null;
  role: Role;
  createdAt: Date;
};

/** Every account, oldest first, for the command-line tool. */
export async function listAccounts(db: Database): Promise<AccountRow[]> {
  const rows = await db
    .select({
      email: users.email,
      emailVerified: users.emailVerified,
      username: profiles.username,
      role: profiles.role,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .orderBy(asc(users.createdAt), asc(users.email));
  return rows.map((row) => ({ ...row, role: isRole(row.role) ? row.role : "member" }));
}

/** Refused: leaders and admins need an address confirmed by its link. */
export class UnconfirmedEmailError extends Error {
  constructor(readonly email: string) {
    super(
      `${email} has not confirmed its email yet, so it cannot be made a leader or an admin. Ask them to open ` +
        "the link in their 'Confirm your email for Lamplight' mail (or choose 'Send again' on the banner " +
        "of their pages), then try again.",
    );
  }
}

/**
 * Sets the role of the account with this email (any case); null when no account has it. Leader and admin are
 * given only to a confirmed address (UnconfirmedEmailError); anyone may be made a member again.
 */
export async function setRoleByEmail(
  db: Database,
  email: string,
  role: Role,
): Promise<{ email: string; previous: Role; role: Role } | null> {
  const user = await db.query.users.findFirst({
    where: sql`lower(${users.email}) = ${email.trim().toLowerCase()}`,
    columns: { id: true, email: true, name: true, emailVerified: true },
  });
  if (!user) return null;
  if (role !== "member" && !user.emailVerified) throw new UnconfirmedEmailError(user.email);
  const previous = (await ensureProfile(db, user.id, user.name)).role;
  await db.update(profiles).set({ role }).where(eq(profiles.id, user.id));
  return { email: user.email, previous: isRole(previous) ? previous : "member", role };
}
