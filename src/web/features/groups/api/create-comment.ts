import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FeedComment } from "../../../../core/schemas/feed";
import { api, unwrap } from "../../../lib/api-client";
import { addComment, countNewComment } from "./get-comments";
import { addLatestComment } from "./get-posts";

export type NewComment = { content: string; parentCommentId?: string };

export function useCreateComment(groupId: string, postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (comment: NewComment): Promise<FeedComment> => {
      const created = await unwrap(
        api.groups[":groupId"].posts[":postId"].comments.$post({
          param: { groupId, postId },
          json: comment,
        }),
      );
      // A new comment has no replies; the JSON types cannot say that `replies` holds comments.
      return created as FeedComment;
    },
    onSuccess: (comment) => {
      addComment(queryClient, groupId, comment);
      addLatestComment(queryClient, groupId, comment);
      countNewComment(queryClient, groupId, postId, comment.id);
    },
  });
}
