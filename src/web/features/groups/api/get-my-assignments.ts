import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MyAssignment } from "../../../../core/schemas/assignments";
import { api, unwrap } from "../../../lib/api-client";

/** This week's story of every group of the reader's that has one, for the home page. */
export const myAssignmentsQuery = queryOptions({
  queryKey: ["assignments"],
  queryFn: (): Promise<{ assignments: MyAssignment[] }> => unwrap(api.assignments.$get()),
});

export function useMyAssignments() {
  return useQuery(myAssignmentsQuery);
}
