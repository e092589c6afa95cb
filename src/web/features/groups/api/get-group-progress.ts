import { queryOptions, useQuery } from "@tanstack/react-query";
import type { GroupProgress } from "../../../../core/schemas/assignments";
import { api, unwrap } from "../../../lib/api-client";

/** One row per member toward this week's story (the group's owner and leaders only; members get a 403). */
export const groupProgressQuery = (groupId: string) =>
  queryOptions({
    queryKey: ["group-progress", groupId],
    queryFn: (): Promise<GroupProgress> =>
      unwrap(api.groups[":groupId"].progress.$get({ param: { groupId } })),
  });

export function useGroupProgress(groupId: string) {
  return useQuery(groupProgressQuery(groupId));
}
