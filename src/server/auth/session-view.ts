import { eq, sql } from "drizzle-orm";
import { ageBand } from "../../core/ages";
import { type AccountState, type FamilyPermissions, isChildPlaceholderEmail } from "../../core/family";
import { familyPermissionsSchema } from "../../core/schemas/family";
import type { Role } from "../../core/schemas/moderation";
import type { Database } from "../db/client";
import { parentChildren, profiles } from "../db/schema";
import { isRole } from "./roles";

/** What the browser is told of the signed-in account: who it is, and what its screens must show or hide. */
export type SessionView = {
  id: string;
  /** Null for a child under 13: no email of theirs exists (the address Better Auth holds receives nothing). */
  email: string | null;
  emailVerified: boolean;
  role: Role;
  accountState: AccountState;
  /** A parent's switches for a child under 13; null when none apply. */
  permissions: FamilyPermissions | null;
  /** Linked to a child as their parent or guardian: 'Your family' is in the menu. */
  hasChildren: boolean;
  /** A reader of 13 to 17, who may add a parent from the profile. */
  canAddParent: boolean;
};

/** The session's account with its profile's role, state and switches, in one query. */
export async function sessionView(
  db: Database,
  user: { id: string; email: string; emailVerified: boolean },
): Promise<SessionView> {
  const [row] = await db
    .select({
      role: profiles.role,
      birthYear: profiles.birthYear,
      accountState: profiles.accountState,
      permissions: profiles.familyPermissions,
      hasChildren: sql<boolean>`exists (select 1 from ${parentChildren} where ${parentChildren.parentUserId} = ${profiles.id})`,
    })
    .from(profiles)
    .where(eq(profiles.id, user.id));
  const permissions = familyPermissionsSchema.safeParse(row?.permissions);
  return {
    id: user.id,
    email: isChildPlaceholderEmail(user.email) ? null : user.email,
    emailVerified: user.emailVerified,
    role: isRole(row?.role) ? row.role : "member",
    accountState: row?.accountState ?? "active",
    permissions: permissions.success ? permissions.data : null,
    hasChildren: Boolean(row?.hasChildren),
    canAddParent: ageBand(row?.birthYear) === "13-17",
  };
}
