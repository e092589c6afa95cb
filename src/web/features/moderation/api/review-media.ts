import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MediaReviewAction } from "../../../../core/schemas/moderation";
import { ApiError, api, unwrap } from "../../../lib/api-client";
import { auditLogQuery } from "./get-audit-log";
import { pendingMediaQuery, removePendingMedia } from "./get-pending-media";

export type MediaReviewRequest = { postId: string; action: MediaReviewAction; reason?: string };

/**
 * Approves or rejects a post's waiting media. Either way, and when another leader got there first (409), it
 * leaves the queue; the audit log gains a row.
 */
export function useReviewMedia() {
  const queryClient = useQueryClient();
  const settle = (postId: string) => {
    removePendingMedia(queryClient, postId);
    void queryClient.invalidateQueries({ queryKey: pendingMediaQuery.queryKey });
  };
  return useMutation({
    mutationFn: ({
      postId,
      ...request
    }: MediaReviewRequest): Promise<{ postId: string; mediaStatus: "approved" | null }> =>
      unwrap(api.leader.media[":postId"].action.$post({ param: { postId }, json: request })),
    onSuccess: (_result, { postId }) => {
      settle(postId);
      void queryClient.invalidateQueries({ queryKey: auditLogQuery.queryKey });
    },
    onError: (error, { postId }) => {
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) settle(postId);
    },
  });
}
