import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Assignment } from "../../../../core/schemas/assignments";
import { api, unwrap } from "../../../lib/api-client";

/** The group's 'This week's story' with the reader's own progress toward it, or null when none is set. */
export const assignmentQuery = (groupId: string) =>
  queryOptions({
    queryKey: ["assignment", groupId],
    queryFn: (): Promise<{ assignment: Assignment | null }> =>
      unwrap(api.groups[":groupId"].assignment.$get({ param: { groupId } })),
  });

export function useAssignment(groupId: string) {
  return useQuery(assignmentQuery(groupId));
}
