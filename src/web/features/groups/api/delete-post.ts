import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { removePost } from "./get-posts";

export function useDeletePost(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) =>
      unwrap(
        // A 204 has no body to read; errors still carry the server's message.
        api.groups[":groupId"].posts[":postId"].$delete({ param: { groupId, postId } }).then((response) => ({
          ok: response.ok,
          status: response.status,
          json: (): Promise<unknown> => (response.ok ? Promise.resolve(null) : response.json()),
        })),
      ),
    onSuccess: (_nothing, postId) => removePost(queryClient, groupId, postId),
  });
}
