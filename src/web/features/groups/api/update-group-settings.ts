import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { groupQuery } from "./get-group";

export type GroupSettings = { approveMediaFirst: boolean };

/** Changes the group's settings (its owner, leaders and admins); the group page shows the server's answer. */
export function useUpdateGroupSettings(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: GroupSettings): Promise<GroupSettings> =>
      unwrap(api.groups[":groupId"].settings.$put({ param: { groupId }, json: settings })),
    onSuccess: (settings) =>
      queryClient.setQueryData(groupQuery(groupId).queryKey, (group) =>
        group ? { ...group, ...settings } : group,
      ),
  });
}
