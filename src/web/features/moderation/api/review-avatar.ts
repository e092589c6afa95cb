import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MediaReviewAction } from "../../../../core/schemas/moderation";
import { ApiError, api, unwrap } from "../../../lib/api-client";
import { auditLogQuery } from "./get-audit-log";
import { pendingAvatarsQuery, removePendingAvatar } from "./get-pending-avatars";

export type AvatarReviewRequest = {
  userId: string;
  action: MediaReviewAction;
  /** The picture the leader saw: a newer one is never decided unseen. */
  pictureUrl: string;
  reason?: string;
};

/**
 * Approves or rejects a member's waiting picture. Either way, and when another leader got there first or the
 * member replaced it (409), it leaves the queue; the audit log gains a row.
 */
export function useReviewAvatar() {
  const queryClient = useQueryClient();
  const settle = (userId: string) => {
    removePendingAvatar(queryClient, userId);
    void queryClient.invalidateQueries({ queryKey: pendingAvatarsQuery.queryKey });
  };
  return useMutation({
    mutationFn: ({
      userId,
      ...request
    }: AvatarReviewRequest): Promise<{ userId: string; avatarUrl: string | null }> =>
      unwrap(api.leader.avatars[":userId"].action.$post({ param: { userId }, json: request })),
    onSuccess: (_result, { userId }) => {
      settle(userId);
      void queryClient.invalidateQueries({ queryKey: auditLogQuery.queryKey });
    },
    onError: (error, { userId }) => {
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) settle(userId);
    },
  });
}
