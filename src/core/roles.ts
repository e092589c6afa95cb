// Roles and who counts as privileged, without zod: the signed-in shell checks them on every page, and a phone
// should not load and run the schema library for that (src/core/schemas/moderation.ts re-exports them).

/** 'parent' (issue 24): a parent's or guardian's own account, made when they agree for a child. */
export const ROLES = ["member", "leader", "admin", "parent"] as const;
export type Role = (typeof ROLES)[number];

/** The spec's "privileged profile": leaders moderate; admins also manage users and read the audit log. */
export const isPrivileged = (role: Role | null | undefined) => role === "leader" || role === "admin";
