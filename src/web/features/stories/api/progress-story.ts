import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProgressAction } from "../../../../core/stories/progress";
import { api, unwrap } from "../../../lib/api-client";
import { setProfileXp } from "../../profile";
import { storiesQuery } from "./get-stories";
import { type StoryPageData, storyQuery } from "./get-story";

/** 'Move to Layer N', 'Mark Story Complete' and layer jumps; the server decides and awards the XP. */
export function useProgressStory(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ProgressAction) =>
      unwrap(api.stories[":slug"].progress.$post({ param: { slug }, json: action })),
    onSuccess: (result) => {
      queryClient.setQueryData(storyQuery(slug).queryKey, (page: StoryPageData | undefined) =>
        page ? { ...page, progress: result.progress } : page,
      );
      setProfileXp(queryClient, result);
      void queryClient.invalidateQueries({ queryKey: storiesQuery.queryKey, exact: true });
    },
  });
}
