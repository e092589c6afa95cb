import { FAMILY_MESSAGES } from "../../../../core/family";
import { getRole } from "../../../auth/roles";
import type { Database } from "../../../db/client";
import { AppError } from "../../../http/errors";

/** A parent's own account looks after children and joins no groups (issue 24); null for everyone else. */
export async function refuseParentAccounts(db: Database, userId: string): Promise<null> {
  if ((await getRole(db, userId)) === "parent")
    throw new AppError("parents_join_no_groups", 403, FAMILY_MESSAGES.parentNoGroups);
  return null;
}
