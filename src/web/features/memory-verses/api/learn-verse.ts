import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { refreshLearningToday } from "../../learning";
import { memoryVersesQuery } from "./get-memory-verses";

/**
 * Says a story's verse after practising it: the server compares the words with the verse (422 when they are not
 * it, 409 when it is learnt already) and puts it in the first review box.
 */
export function useLearnVerse(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (words: string[]) =>
      unwrap(api["memory-verses"][":slug"].learn.$post({ param: { slug }, json: { words } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: memoryVersesQuery.queryKey });
      refreshLearningToday(queryClient);
    },
  });
}
