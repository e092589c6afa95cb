import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReactionSummary, ReactionType } from "../../../../core/schemas/feed";
import { api, unwrap } from "../../../lib/api-client";
import { updatePost } from "./get-posts";

/** Choosing your current reaction again removes it; another type replaces it (docs/decisions/005). */
export function useReactToPost(groupId: string, postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: ReactionType): Promise<ReactionSummary> =>
      unwrap(
        api.groups[":groupId"].posts[":postId"].reaction.$post({
          param: { groupId, postId },
          json: { type },
        }),
      ),
    onSuccess: (summary) => updatePost(queryClient, groupId, postId, (post) => ({ ...post, ...summary })),
  });
}
