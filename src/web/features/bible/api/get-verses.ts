import { queryOptions, useQuery } from "@tanstack/react-query";
import type { VerseLookup } from "../../../../core/stories/verse-lookup";
import { api, unwrap } from "../../../lib/api-client";

/** The World English Bible's words for a verse reference the story cites. */
export const versesQuery = (reference: string) =>
  queryOptions({
    queryKey: ["bible", "verses", reference],
    queryFn: (): Promise<VerseLookup> => unwrap(api.bible.verses.$get({ query: { ref: reference } })),
    // Scripture does not change while a tab is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useVerses(reference: string, enabled = true) {
  return useQuery({ ...versesQuery(reference), enabled });
}
