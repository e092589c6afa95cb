import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from "@tanstack/react-query";
import type { PendingMedia } from "../../../../core/schemas/moderation";
import { api, unwrap } from "../../../lib/api-client";

export type PendingMediaPage = { media: PendingMedia[]; nextCursor: string | null };

export const pendingMediaQuery = infiniteQueryOptions({
  queryKey: ["leader", "media"],
  queryFn: ({ pageParam }): Promise<PendingMediaPage> =>
    unwrap(api.leader.media.$get({ query: pageParam ? { cursor: pageParam } : {} })),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

/** Photos and videos from members waiting for a leader, oldest first: leaders and admins only. */
export function usePendingMedia({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...pendingMediaQuery, enabled });
}

/** Takes a post's media out of the loaded pages at once, before the queue is read again. */
export function removePendingMedia(queryClient: QueryClient, postId: string) {
  queryClient.setQueryData(
    pendingMediaQuery.queryKey,
    (data: InfiniteData<PendingMediaPage, unknown> | undefined) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              media: page.media.filter((item) => item.postId !== postId),
            })),
          }
        : data,
  );
}
