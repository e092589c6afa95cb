import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

export const sessionQuery = queryOptions({
  queryKey: ["session"],
  queryFn: () => unwrap(api.auth.session.$get()),
  staleTime: 5 * 60_000,
});

export function useSession() {
  return useQuery(sessionQuery);
}
