import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MemberProfile } from "../../../../core/schemas/profile";
import { api, unwrap } from "../../../lib/api-client";

/** Every member card's key starts so: a leader's removal of a picture reads them all again. */
export const memberProfilesKey = ["member-profile"] as const;

/** Another member's card, as seen from a group both belong to. */
export const memberProfileQuery = (groupId: string, userId: string) =>
  queryOptions({
    queryKey: [...memberProfilesKey, groupId, userId],
    queryFn: (): Promise<MemberProfile> =>
      unwrap(api.profile.members[":userId"].$get({ param: { userId }, query: { groupId } })),
  });

export function useMemberProfile(groupId: string, userId: string, { enabled = true } = {}) {
  return useQuery({ ...memberProfileQuery(groupId, userId), enabled });
}
