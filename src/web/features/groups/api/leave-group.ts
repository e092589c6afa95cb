import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

export function useLeaveGroup(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.groups[":groupId"].members.me.$delete({ param: { groupId } })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ["group", groupId] });
      return queryClient.invalidateQueries({ queryKey: ["groups"] });
    },
  });
}
