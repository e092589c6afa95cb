import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from "@tanstack/react-query";
import type { PendingAvatar } from "../../../../core/schemas/moderation";
import { api, unwrap } from "../../../lib/api-client";

export type PendingAvatarPage = { avatars: PendingAvatar[]; nextCursor: string | null };

export const pendingAvatarsQuery = infiniteQueryOptions({
  queryKey: ["leader", "avatars"],
  queryFn: ({ pageParam }): Promise<PendingAvatarPage> =>
    unwrap(api.leader.avatars.$get({ query: pageParam ? { cursor: pageParam } : {} })),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

/** Members' profile pictures waiting for a leader, oldest first: leaders and admins only. */
export function usePendingAvatars({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...pendingAvatarsQuery, enabled });
}

/** Takes a member's waiting picture out of the loaded pages at once, before the queue is read again. */
export function removePendingAvatar(queryClient: QueryClient, userId: string) {
  queryClient.setQueryData(
    pendingAvatarsQuery.queryKey,
    (data: InfiniteData<PendingAvatarPage, unknown> | undefined) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              avatars: page.avatars.filter((item) => item.userId !== userId),
            })),
          }
        : data,
  );
}
