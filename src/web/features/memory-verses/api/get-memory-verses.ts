import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, readerDayHeaders, unwrap } from "../../../lib/api-client";

/** The reader's learnt verses, those due first, and how many are due today (by their own calendar). */
export const memoryVersesQuery = queryOptions({
  queryKey: ["memory-verses"],
  queryFn: () => unwrap(api["memory-verses"].$get(undefined, { headers: readerDayHeaders() })),
});

export type MemoryVersesView = Awaited<ReturnType<NonNullable<(typeof memoryVersesQuery)["queryFn"]>>>;

export function useMemoryVerses() {
  return useQuery(memoryVersesQuery);
}
