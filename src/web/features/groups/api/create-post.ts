import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FeedPost } from "../../../../core/schemas/feed";
import { api, unwrap } from "../../../lib/api-client";
import { addOwnPost } from "./get-posts";

export type NewPost = { title: string; content: string; file?: File | null };

export function useCreatePost(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ title, content, file }: NewPost): Promise<FeedPost> => {
      const created = await unwrap(
        api.groups[":groupId"].posts.$post({
          param: { groupId },
          form: file ? { title, content, file } : { title, content },
        }),
      );
      // A new post has no comments yet; the JSON types cannot say that `latestComments` holds comments.
      return created as FeedPost;
    },
    onSuccess: (post) => addOwnPost(queryClient, groupId, post),
  });
}
