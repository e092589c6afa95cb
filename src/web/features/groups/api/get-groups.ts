import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

export type GroupScope = "mine" | "all";

export const groupsQuery = (scope: GroupScope) =>
  infiniteQueryOptions({
    queryKey: ["groups", scope],
    queryFn: ({ pageParam }) =>
      unwrap(api.groups.$get({ query: { scope, ...(pageParam ? { cursor: pageParam } : {}) } })),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export type GroupListItem = Awaited<
  ReturnType<NonNullable<ReturnType<typeof groupsQuery>["queryFn"]>>
>["groups"][number];

export function useGroups(scope: GroupScope) {
  return useInfiniteQuery(groupsQuery(scope));
}
