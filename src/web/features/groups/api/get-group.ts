import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

export const groupQuery = (groupId: string) =>
  queryOptions({
    queryKey: ["group", groupId],
    queryFn: () => unwrap(api.groups[":groupId"].$get({ param: { groupId } })),
  });

export function useGroup(groupId: string) {
  return useQuery(groupQuery(groupId));
}
