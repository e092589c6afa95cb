import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { postsQuery } from "./get-posts";

export function usePinPost(groupId: string, postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pinned: boolean) =>
      unwrap(
        api.groups[":groupId"].posts[":postId"].pin.$put({ param: { groupId, postId }, json: { pinned } }),
      ),
    // A pin moves the post across pages of the feed; reading the feed again puts everything in order.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsQuery(groupId).queryKey }),
  });
}
