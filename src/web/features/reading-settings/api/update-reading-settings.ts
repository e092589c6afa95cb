import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReadingSettings } from "../../../../core/reading-settings";
import { api, unwrap } from "../../../lib/api-client";
import { profileQuery } from "../../profile";

function setInProfile(queryClient: QueryClient, readingSettings: ReadingSettings) {
  queryClient.setQueryData(profileQuery.queryKey, (profile) =>
    profile ? { ...profile, readingSettings } : profile,
  );
}

/** Saves the reading settings; the text changes at once, and goes back if the server refuses. */
export function useUpdateReadingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    // One save at a time, in the order chosen: the last choice is the one that stays.
    scope: { id: "reading-settings" },
    mutationFn: (settings: ReadingSettings): Promise<ReadingSettings> =>
      unwrap(api.profile["reading-settings"].$put({ json: settings })),
    onMutate: async (settings) => {
      // A profile read still on its way would bring the old settings back over the new ones.
      await queryClient.cancelQueries({ queryKey: profileQuery.queryKey });
      const before = queryClient.getQueryData(profileQuery.queryKey)?.readingSettings;
      setInProfile(queryClient, settings);
      return { before };
    },
    onError: (_error, _settings, context) => {
      if (context?.before) setInProfile(queryClient, context.before);
    },
    onSuccess: (saved) => setInProfile(queryClient, saved),
  });
}
