import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { memberProfilesKey } from "../../profile/api/get-member-profile";
import { auditLogQuery } from "./get-audit-log";
import { queueQuery } from "./get-queue";

export type RemoveAvatarRequest = { userId: string; pictureUrl: string; reason: string };

/**
 * A leader removes a member's uploaded picture, wherever it is seen; its open reports close with it. Every card
 * showing the member is read again.
 */
export function useRemoveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...request }: RemoveAvatarRequest): Promise<{ userId: string; avatarUrl: null }> =>
      unwrap(api.leader.avatars[":userId"].remove.$post({ param: { userId }, json: request })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: memberProfilesKey });
      void queryClient.invalidateQueries({ queryKey: queueQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: auditLogQuery.queryKey });
    },
  });
}
