import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

export const storiesQuery = queryOptions({
  queryKey: ["stories"],
  queryFn: () => unwrap(api.stories.$get()),
});

export type StoryListItem = Awaited<ReturnType<NonNullable<typeof storiesQuery.queryFn>>>[number];

export function useStories() {
  return useQuery(storiesQuery);
}
