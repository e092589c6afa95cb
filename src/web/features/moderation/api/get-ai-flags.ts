import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from "@tanstack/react-query";
import type { AiFlag } from "../../../../core/schemas/moderation";
import { api, unwrap } from "../../../lib/api-client";

export type AiFlagsPage = { flags: AiFlag[]; nextCursor: string | null };

export const aiFlagsQuery = infiniteQueryOptions({
  queryKey: ["leader", "flags"],
  queryFn: ({ pageParam }): Promise<AiFlagsPage> =>
    unwrap(api.leader.flags.$get({ query: pageParam ? { cursor: pageParam } : {} })),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

/** What the AI guardrails raised and no leader has handled yet, high priority first, then oldest first. */
export function useAiFlags() {
  return useInfiniteQuery(aiFlagsQuery);
}

/** Takes a flag out of the loaded pages at once, before the list is read again. */
export function removeAiFlag(queryClient: QueryClient, flagId: string) {
  queryClient.setQueryData(aiFlagsQuery.queryKey, (data: InfiniteData<AiFlagsPage, unknown> | undefined) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            flags: page.flags.filter((flag) => flag.id !== flagId),
          })),
        }
      : data,
  );
}
