import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { AuditEntry } from "../../../../core/schemas/moderation";
import { api, unwrap } from "../../../lib/api-client";

export type AuditPage = { entries: AuditEntry[]; nextCursor: string | null };

export const auditLogQuery = infiniteQueryOptions({
  queryKey: ["leader", "audit"],
  queryFn: ({ pageParam }): Promise<AuditPage> =>
    unwrap(api.leader.audit.$get({ query: pageParam ? { cursor: pageParam } : {} })),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

/** What leaders did, newest first: admins only. */
export function useAuditLog({ enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...auditLogQuery, enabled });
}
