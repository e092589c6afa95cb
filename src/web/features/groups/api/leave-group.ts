import { type QueryClient, type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api, unwrap } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";

/** Leaves a group, goes to /groups, and forgets the group once its page has gone. */
export function useLeaveGroup(groupId: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => unwrap(api.groups[":groupId"].members.me.$delete({ param: { groupId } })),
    onSuccess: async () => {
      await navigate(paths.groups);
      forgetOnceUnused(queryClient, ["group", groupId]);
      await queryClient.invalidateQueries({ queryKey: ["groups"] });
    },
  });
}

/**
 * Removes the queries under `queryKey` once nothing on screen uses them. The move to /groups renders as a
 * transition, so the group's page can stay a moment longer (while /groups loads); a query removed under it would
 * be fetched again as it renders, and refused now that the reader is no longer a member.
 */
function forgetOnceUnused(queryClient: QueryClient, queryKey: QueryKey) {
  const cache = queryClient.getQueryCache();
  const forget = () => {
    if (cache.findAll({ queryKey }).some((query) => query.getObserversCount() > 0)) return false;
    queryClient.removeQueries({ queryKey });
    return true;
  };
  if (forget()) return;
  const unsubscribe = cache.subscribe((event) => {
    if (event.type === "observerRemoved" && forget()) unsubscribe();
  });
}
