import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

export const storiesQuery = queryOptions({
  queryKey: ["stories"],
  queryFn: () => unwrap(api.stories.$get()),
  staleTime: 10 * 60_000,
});

export function useStories() {
  return useQuery(storiesQuery);
}
