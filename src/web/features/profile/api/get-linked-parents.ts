import { queryOptions, useQuery } from "@tanstack/react-query";
import type { LinkedParents } from "../../../../core/schemas/family";
import { api, unwrap } from "../../../lib/api-client";

/** A teen's parents: those linked, by email, and those invited and not yet agreed, masked. */
export const linkedParentsQuery = queryOptions({
  queryKey: ["family", "parents"],
  queryFn: (): Promise<LinkedParents> => unwrap(api.family.parents.$get()),
});

export function useLinkedParents() {
  return useQuery(linkedParentsQuery);
}
