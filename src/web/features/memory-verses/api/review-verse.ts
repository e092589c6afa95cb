import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { refreshLearningToday } from "../../learning";
import { setProfileXp } from "../../profile";
import { memoryVersesQuery } from "./get-memory-verses";

/**
 * Reviews a due verse: the server judges the words, moves the verse between boxes and awards any XP, and says
 * what XP the reader now has, which the header shows at once. A review screen keeps its own list of the verses
 * it started with, so the refreshed list does not change them under the reader.
 */
export function useReviewVerse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, words }: { slug: string; words: string[] }) =>
      unwrap(api["memory-verses"][":slug"].review.$post({ param: { slug }, json: { words } })),
    onSuccess: (result) => {
      setProfileXp(queryClient, result);
      refreshLearningToday(queryClient);
      void queryClient.invalidateQueries({ queryKey: memoryVersesQuery.queryKey });
    },
  });
}
