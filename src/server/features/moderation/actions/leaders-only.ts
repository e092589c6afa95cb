import { isPrivileged, REPORT_MESSAGES } from "../../../../core/schemas/moderation";
import { getRole } from "../../../auth/roles";
import type { AppDeps } from "../../../http/app-env";
import { AppError } from "../../../http/errors";
import type { Actor } from "../../../shared/action";

/** The reason every leader's decision gives for skipping the writer guard. */
export const LEADERS_DECISION = "a leader's decision; its reason goes only to the audit log";

/**
 * Authorises a leader's decision: leaders and admins only. The route's role guard has already refused
 * anyone else before reading the body; this keeps the action safe wherever it is run from.
 */
export async function requireLeader(deps: AppDeps, actor: Actor): Promise<void> {
  if (!isPrivileged(await getRole(deps.db, actor.id)))
    throw new AppError("leaders_only", 403, REPORT_MESSAGES.leadersOnly);
}
