import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LayerNumber } from "../../../../core/stories/progress";
import { api, unwrap } from "../../../lib/api-client";
import { postsQuery } from "../../groups";

export type ShareStory = { layer: LayerNumber; groupId: string; text: string; attachIllustration: boolean };

/** 'Share Now': the journey becomes an ordinary post in the chosen group. */
export function useShareStory(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ShareStory) =>
      unwrap(api.stories[":slug"].share.$post({ param: { slug }, json: request })),
    // A feed loaded earlier shows the post when the reader opens the group, even if its live event was missed.
    onSuccess: ({ groupId }) =>
      queryClient.invalidateQueries({ queryKey: postsQuery(groupId).queryKey, exact: true }),
  });
}
