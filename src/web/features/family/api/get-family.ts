import { queryOptions, useQuery } from "@tanstack/react-query";
import type { FamilyChild } from "../../../../core/schemas/family";
import { api, unwrap } from "../../../lib/api-client";

/** 'Your family': one entry per linked child (none for an account with no children). */
export const familyQuery = queryOptions({
  queryKey: ["family"],
  queryFn: (): Promise<{ children: FamilyChild[] }> => unwrap(api.family.$get()),
});

export function useFamily() {
  return useQuery(familyQuery);
}
