import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { SetAssignmentInput } from "../../../../core/schemas/assignments";
import { api, unwrap } from "../../../lib/api-client";
import { storiesQuery } from "../../stories";
import { assignmentQuery } from "./get-assignment";
import { groupProgressQuery } from "./get-group-progress";
import { myAssignmentsQuery } from "./get-my-assignments";

/**
 * Every view of this week's story reads it again: the group's card, its progress table, the home cards, and the
 * story list, where the assigned story opens for the group's members whatever their level.
 */
export async function refreshAssignmentViews(queryClient: QueryClient, groupId: string) {
  // Not waited for: the dialog closes once the group page itself shows the change.
  void queryClient.invalidateQueries({ queryKey: myAssignmentsQuery.queryKey });
  void queryClient.invalidateQueries({ queryKey: storiesQuery.queryKey });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: assignmentQuery(groupId).queryKey }),
    queryClient.invalidateQueries({ queryKey: groupProgressQuery(groupId).queryKey }),
  ]);
}

/** Sets (or changes) the group's 'This week's story' (its owner and leaders only; the server checks). */
export function useSetAssignment(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetAssignmentInput) =>
      unwrap(api.groups[":groupId"].assignment.$put({ param: { groupId }, json: input })),
    onSuccess: () => refreshAssignmentViews(queryClient, groupId),
  });
}
