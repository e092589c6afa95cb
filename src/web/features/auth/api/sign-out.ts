import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { clearReaderCaches } from "../../../lib/clear-reader-data";
import { sessionQuery } from "./get-session";

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.auth["sign-out"].$post()),
    onSuccess: async () => {
      // What they opened for offline reading was theirs too: the next reader of a shared tablet starts clean.
      await clearReaderCaches();
      // Everything cached belonged to the user who left; the app switches to the landing page at once.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQuery.queryKey[0] });
      queryClient.setQueryData(sessionQuery.queryKey, { user: null });
    },
  });
}
