import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api, unwrap } from "../../../lib/api-client";
import { auditLogQuery } from "./get-audit-log";
import { mutesQuery, removeMute } from "./get-mutes";

/**
 * Ends a member's mute before its time; the audit log gains a row. Once lifted, or when it had already ended
 * or been lifted by someone else (409, 404), the member leaves the list.
 */
export function useLiftMute() {
  const queryClient = useQueryClient();
  const settle = (userId: string) => {
    removeMute(queryClient, userId);
    void queryClient.invalidateQueries({ queryKey: mutesQuery.queryKey });
  };
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) =>
      unwrap(api.leader.mutes[":userId"].lift.$post({ param: { userId }, json: { reason } })),
    onSuccess: (_result, { userId }) => {
      settle(userId);
      void queryClient.invalidateQueries({ queryKey: auditLogQuery.queryKey });
    },
    onError: (error, { userId }) => {
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) settle(userId);
    },
  });
}
