import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { refreshAssignmentViews } from "./set-assignment";

/** Clears the group's 'This week's story' (its owner and leaders only; the server checks). */
export function useClearAssignment(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.groups[":groupId"].assignment.$delete({ param: { groupId } })),
    onSuccess: () => refreshAssignmentViews(queryClient, groupId),
  });
}
