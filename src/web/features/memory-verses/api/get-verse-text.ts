import { queryOptions, useQuery } from "@tanstack/react-query";
import type { VerseLookup } from "../../../../core/stories/verse-lookup";
import { api, unwrap } from "../../../lib/api-client";

/**
 * The World English Bible's words of a memory verse, to practise. Cached under the Bible's own key and in its
 * shape, so that a verse the story's popover has shown is not asked for again; joined as the server joins them.
 */
export const verseTextQuery = (reference: string) =>
  queryOptions({
    queryKey: ["bible", "verses", reference],
    queryFn: (): Promise<VerseLookup> => unwrap(api.bible.verses.$get({ query: { ref: reference } })),
    select: (lookup: VerseLookup) => lookup.verses.map((verse) => verse.text).join(" "),
    // Scripture does not change while a tab is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useVerseText(reference: string) {
  return useQuery(verseTextQuery(reference));
}
