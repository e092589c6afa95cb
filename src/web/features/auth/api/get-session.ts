import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AccountState, FamilyPermissions } from "../../../../core/family";
import type { Role } from "../../../../core/roles";
import { api, unwrap } from "../../../lib/api-client";

/** The signed-in account as GET /api/auth/session describes it (issue 24's contract). */
export type SessionUser = {
  id: string;
  /** Null for a child under 13: no email of theirs exists. */
  email: string | null;
  emailVerified: boolean;
  role: Role;
  /** 'waiting_for_parent': the account sees only the waiting screen until a parent agrees. */
  accountState: AccountState;
  /** A parent's switches for a child under 13; null where none apply. */
  permissions: FamilyPermissions | null;
  /** Linked to a child as their parent: the app shows 'Your family'. */
  hasChildren: boolean;
  /** A reader aged 13 to 17: the profile offers 'Add a parent'. */
  canAddParent: boolean;
};

export type Session = { user: SessionUser | null };

export const sessionQuery = queryOptions({
  queryKey: ["session"],
  // Typed by the contract: the route's own type must fit it, so server and web cannot drift apart unseen.
  queryFn: (): Promise<Session> => unwrap(api.auth.session.$get()),
  staleTime: 5 * 60_000,
});

export function useSession() {
  return useQuery(sessionQuery);
}
