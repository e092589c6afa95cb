import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { LearningToday } from "../../../../core/schemas/learning";
import { api, readerDayHeaders, unwrap } from "../../../lib/api-client";

export const learningTodayQuery = queryOptions({
  queryKey: ["learning", "today"],
  queryFn: (): Promise<LearningToday> =>
    unwrap(api.learning.today.$get(undefined, { headers: readerDayHeaders() })),
});

/** The streak and today's goal; read again each time a screen that shows them opens, as a day can turn. */
export function useLearningToday() {
  return useQuery({ ...learningTodayQuery, refetchOnMount: "always" });
}

/** After an activity (a layer read, a check answered, a verse practised): the streak and the goal move. */
export function refreshLearningToday(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: learningTodayQuery.queryKey });
}
