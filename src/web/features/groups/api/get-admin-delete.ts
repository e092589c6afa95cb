import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminDeleteStatus } from "../../../../core/schemas/admin-delete";
import { api, unwrap } from "../../../lib/api-client";

/** Whether the server has an ADMIN_PASSWORD; asked when an 'Admin Delete' panel first opens. */
export const adminDeleteStatusQuery = (groupId: string) =>
  queryOptions({
    queryKey: ["group", groupId, "admin-delete"],
    queryFn: (): Promise<AdminDeleteStatus> =>
      unwrap(api.groups[":groupId"]["admin-delete"].$get({ param: { groupId } })),
    // The server's configuration does not change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useAdminDeleteStatus(groupId: string) {
  return useQuery(adminDeleteStatusQuery(groupId));
}
