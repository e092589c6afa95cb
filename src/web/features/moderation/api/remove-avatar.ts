import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { auditLogQuery } from "./get-audit-log";
import { queueQuery } from "./get-queue";

export type RemoveAvatarRequest = { userId: string; pictureUrl: string; reason: string };

/**
 * A leader removes a member's uploaded picture, wherever it is seen; its open reports close with it.
 * `onSettled` lets the caller read again what shows the member (their card belongs to the profile feature),
 * even if the form that asked has closed by then.
 */
export function useRemoveAvatar({ onSettled }: { onSettled?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...request }: RemoveAvatarRequest): Promise<{ userId: string; avatarUrl: null }> =>
      unwrap(api.leader.avatars[":userId"].remove.$post({ param: { userId }, json: request })),
    onSettled: () => {
      onSettled?.();
      void queryClient.invalidateQueries({ queryKey: queueQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: auditLogQuery.queryKey });
    },
  });
}
