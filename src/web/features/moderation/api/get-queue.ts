import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from "@tanstack/react-query";
import type { QueueReport } from "../../../../core/schemas/moderation";
import { api, unwrap } from "../../../lib/api-client";

export type QueuePage = { reports: QueueReport[]; nextCursor: string | null };

export const queueQuery = infiniteQueryOptions({
  queryKey: ["leader", "queue"],
  queryFn: ({ pageParam }): Promise<QueuePage> =>
    unwrap(api.leader.queue.$get({ query: pageParam ? { cursor: pageParam } : {} })),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

/** Open reports, oldest first; only asked for once the profile says the reader is a leader or an admin. */
export function useQueue({ enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...queueQuery, enabled });
}

/** Takes a report out of the loaded pages at once, before the queue is read again. */
export function removeReport(queryClient: QueryClient, reportId: string) {
  queryClient.setQueryData(queueQuery.queryKey, (data: InfiniteData<QueuePage, unknown> | undefined) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            reports: page.reports.filter((report) => report.id !== reportId),
          })),
        }
      : data,
  );
}
