import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from "@tanstack/react-query";
import type { LeaderQuestion, LeaderQuestionStatus } from "../../../../core/schemas/leader-questions";
import { api, unwrap } from "../../../lib/api-client";

export type LeaderQuestionsPage = { questions: LeaderQuestion[]; nextCursor: string | null };

/** Both lists of questions (waiting and answered): what a reply changes. */
export const leaderQuestionsKey = ["leader", "questions"] as const;

export const leaderQuestionsQuery = (status: LeaderQuestionStatus) =>
  infiniteQueryOptions({
    queryKey: [...leaderQuestionsKey, status],
    queryFn: ({ pageParam }): Promise<LeaderQuestionsPage> =>
      unwrap(api.leader.questions.$get({ query: { status, ...(pageParam ? { cursor: pageParam } : {}) } })),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/**
 * Questions children sent with 'Ask a leader': those waiting for a reply, oldest first, or those answered,
 * newest answer first.
 */
export function useLeaderQuestions(status: LeaderQuestionStatus) {
  return useInfiniteQuery(leaderQuestionsQuery(status));
}

/** Changes (or, returning null, removes) a question in the loaded pages of one list, before it is read again. */
export function updateLeaderQuestions(
  queryClient: QueryClient,
  status: LeaderQuestionStatus,
  update: (question: LeaderQuestion) => LeaderQuestion | null,
) {
  queryClient.setQueryData(
    leaderQuestionsQuery(status).queryKey,
    (data: InfiniteData<LeaderQuestionsPage, unknown> | undefined) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              questions: page.questions.flatMap((question) => update(question) ?? []),
            })),
          }
        : data,
  );
}
