import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { QuestionBankDraft } from "../../../../core/schemas/leader-questions";
import { api, unwrap } from "../../../lib/api-client";

export type QuestionDraftsPage = { drafts: QuestionBankDraft[]; nextCursor: string | null };

export const questionDraftsQuery = infiniteQueryOptions({
  queryKey: ["leader", "question-drafts"],
  queryFn: ({ pageParam }): Promise<QuestionDraftsPage> =>
    unwrap(api.leader["question-drafts"].$get({ query: pageParam ? { cursor: pageParam } : {} })),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

/** Leaders' answers offered to the question bank, waiting for the ministry's review. */
export function useQuestionDrafts() {
  return useInfiniteQuery(questionDraftsQuery);
}
