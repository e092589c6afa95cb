import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { profileQuery } from "./get-profile";

function setInProfile(queryClient: QueryClient, reportMails: boolean) {
  queryClient.setQueryData(profileQuery.queryKey, (profile) =>
    profile ? { ...profile, reportMails } : profile,
  );
}

/** 'Email me about reports': the switch moves at once, and goes back if the server refuses. */
export function useUpdateReportMails() {
  const queryClient = useQueryClient();
  return useMutation({
    // One save at a time, in the order chosen: the last choice is the one that stays.
    scope: { id: "report-mails" },
    mutationFn: (on: boolean): Promise<{ on: boolean }> =>
      unwrap(api.profile["report-mails"].$put({ json: { on } })),
    onMutate: async (on) => {
      // A profile read still on its way would bring the old setting back over the new one.
      await queryClient.cancelQueries({ queryKey: profileQuery.queryKey });
      const before = queryClient.getQueryData(profileQuery.queryKey)?.reportMails;
      setInProfile(queryClient, on);
      return { before };
    },
    onError: (_error, _on, context) => {
      if (context?.before !== undefined) setInProfile(queryClient, context.before);
    },
    onSuccess: (saved) => setInProfile(queryClient, saved.on),
  });
}
