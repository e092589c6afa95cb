import { userTopic } from "../../../../core/realtime";
import type { AppDeps } from "../../../http/app-env";
import { checkGroupLeader } from "../../../shared/achievements";
import { countMemberships } from "../service";

/** Tells the member's open tabs to start (or stop) receiving the group's events. */
export async function announceMembership(deps: AppDeps, userId: string, groupId: string) {
  await deps.bus.publish({ topic: userTopic(userId), type: "membership", data: { groupId } });
}

/** Creating or joining a group earns Group Leader (spec §3: 'Joined a study group'). */
export async function announceJoined(deps: AppDeps, userId: string, groupId: string) {
  await announceMembership(deps, userId, groupId);
  await checkGroupLeader(deps, userId, await countMemberships(deps.db, userId));
}
