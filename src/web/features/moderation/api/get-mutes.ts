import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { MutedMember } from "../../../../core/schemas/moderation";
import { api, unwrap } from "../../../lib/api-client";

export const mutesQuery = queryOptions({
  queryKey: ["leader", "mutes"],
  queryFn: (): Promise<{ mutes: MutedMember[] }> => unwrap(api.leader.mutes.$get()),
});

/** Members muted now, soonest to end first: leaders and admins only. */
export function useMutes() {
  return useQuery(mutesQuery);
}

/** Takes a member out of the loaded list at once, before it is read again. */
export function removeMute(queryClient: QueryClient, userId: string) {
  queryClient.setQueryData(mutesQuery.queryKey, (data) =>
    data ? { mutes: data.mutes.filter((entry) => entry.user.id !== userId) } : data,
  );
}
