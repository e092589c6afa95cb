import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReactionSummary, ReactionType } from "../../../../core/schemas/feed";
import { api, unwrap } from "../../../lib/api-client";
import { updateCommentReactions } from "./get-comments";

export function useReactToComment(groupId: string, postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, type }: { commentId: string; type: ReactionType }): Promise<ReactionSummary> =>
      unwrap(
        api.groups[":groupId"].comments[":commentId"].reaction.$post({
          param: { groupId, commentId },
          json: { type },
        }),
      ),
    onSuccess: (summary, { commentId }) =>
      updateCommentReactions(queryClient, groupId, postId, commentId, summary),
  });
}
