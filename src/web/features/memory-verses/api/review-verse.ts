import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { queueAnswer } from "../../../lib/offline-queue";
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
    // Also with no connection: the review is then kept and sent when it returns (src/web/lib/offline-queue.ts).
    networkMode: "always",
    mutationFn: async ({ slug, words }: { slug: string; words: string[] }) => {
      if (!navigator.onLine) {
        queueAnswer(`/api/memory-verses/${encodeURIComponent(slug)}/review`, { words });
        return { queued: true } as const;
      }
      const judged = await unwrap(
        api["memory-verses"][":slug"].review.$post({ param: { slug }, json: { words } }),
      );
      return { queued: false, ...judged } as const;
    },
    onSuccess: (result) => {
      if (result.queued) return;
      setProfileXp(queryClient, result);
      refreshLearningToday(queryClient);
      void queryClient.invalidateQueries({ queryKey: memoryVersesQuery.queryKey });
    },
  });
}
