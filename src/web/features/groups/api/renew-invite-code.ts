import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { groupQuery } from "./get-group";

/** Gives the group a new invite code (its owner, or a leader or admin in it); the old one stops working. */
export function useRenewInviteCode(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<{ inviteCode: string }> =>
      unwrap(api.groups[":groupId"]["invite-code"].$post({ param: { groupId } })),
    onSuccess: async ({ inviteCode }) => {
      queryClient.setQueryData(groupQuery(groupId).queryKey, (group) =>
        group ? { ...group, inviteCode } : group,
      );
      // The group cards show the code too.
      await queryClient.invalidateQueries({ queryKey: ["groups"] });
    },
  });
}
