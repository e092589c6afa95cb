import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, timeZoneHeaders, unwrap } from "../../../lib/api-client";
import { profileQuery } from "./get-profile";

function setInProfile(queryClient: QueryClient, weeklyDigest: boolean) {
  queryClient.setQueryData(profileQuery.queryKey, (profile) =>
    profile ? { ...profile, weeklyDigest } : profile,
  );
}

/**
 * 'Weekly summary by email': the switch moves at once, and goes back if the server refuses. The browser's time
 * zone goes with the request: the server keeps it for the Monday 8:00.
 */
export function useUpdateWeeklyDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    // One save at a time, in the order chosen: the last choice is the one that stays.
    scope: { id: "weekly-digest" },
    mutationFn: (on: boolean): Promise<{ on: boolean }> =>
      unwrap(api.profile["weekly-digest"].$put({ json: { on } }, { headers: timeZoneHeaders() })),
    onMutate: async (on) => {
      // A profile read still on its way would bring the old setting back over the new one.
      await queryClient.cancelQueries({ queryKey: profileQuery.queryKey });
      const before = queryClient.getQueryData(profileQuery.queryKey)?.weeklyDigest;
      setInProfile(queryClient, on);
      return { before };
    },
    onError: (_error, _on, context) => {
      if (context?.before !== undefined) setInProfile(queryClient, context.before);
    },
    onSuccess: (saved) => setInProfile(queryClient, saved.on),
  });
}
