import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { sessionQuery } from "../features/auth/api/get-session";
import { ApiError } from "../lib/api-client";

export function createQueryClient() {
  // A 401 from any call means the session ended (expired, or signed out in another tab): show the landing page.
  const onError = (error: Error) => {
    if (error instanceof ApiError && error.status === 401) {
      queryClient.setQueryData(sessionQuery.queryKey, { user: null });
    }
    // A parent switched something off since the session was read: read it again, so that the screens that
    // follow the switches (the menu, the Q&A, the groups) hide what the server now refuses.
    if (error instanceof ApiError && error.code === "turned_off_by_parent") {
      void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    }
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Asked for even with no connection: the service worker answers with what was kept (issue 26), and a
        // read it does not have fails at once instead of waiting for a connection.
        networkMode: "offlineFirst",
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again.
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      },
    },
  });
  return queryClient;
}
