import type { SessionUser } from "../features/auth";

/** A signed-in reader as GET /api/auth/session describes them: an active 13+ member unless told otherwise. */
export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: "u1",
    email: "kid@example.com",
    emailVerified: true,
    role: "member",
    accountState: "active",
    permissions: null,
    hasChildren: false,
    canAddParent: false,
    ...overrides,
  };
}
