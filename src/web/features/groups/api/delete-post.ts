import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { removePost } from "./get-posts";

export function useDeletePost(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) =>
      unwrap(api.groups[":groupId"].posts[":postId"].$delete({ param: { groupId, postId } })),
    onSuccess: (_nothing, postId) => removePost(queryClient, groupId, postId),
  });
}
