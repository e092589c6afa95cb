import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

/** Where the consent mail of a waiting account went, masked, for the waiting screen. */
export const waitingStatusQuery = queryOptions({
  queryKey: ["family-waiting"],
  queryFn: () => unwrap(api.family.waiting.$get()),
});

export function useWaitingStatus() {
  return useQuery(waitingStatusQuery);
}
