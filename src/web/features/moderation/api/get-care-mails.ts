import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CareMailsLeader } from "../../../../core/schemas/moderation";
import { api, unwrap } from "../../../lib/api-client";

export const careMailsQuery = queryOptions({
  queryKey: ["leader", "care-mails"],
  queryFn: (): Promise<{ leaders: CareMailsLeader[] }> => unwrap(api.leader["care-mails"].$get()),
});

/** Every leader and whether care alerts are mailed to them: admins only. */
export function useCareMails() {
  return useQuery(careMailsQuery);
}
