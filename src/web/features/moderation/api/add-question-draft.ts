import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { leaderQuestionsQuery, updateLeaderQuestions } from "./get-leader-questions";
import { questionDraftsQuery } from "./get-question-drafts";

/** Offers an answered question and its reply to the question bank, as a draft the ministry reviews. */
export function useAddQuestionDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (questionId: string) =>
      unwrap(api.leader.questions[":id"].draft.$post({ param: { id: questionId } })),
    onSuccess: (_result, questionId) => {
      updateLeaderQuestions(queryClient, "answered", (question) =>
        question.id === questionId ? { ...question, drafted: true } : question,
      );
      void queryClient.invalidateQueries({ queryKey: questionDraftsQuery.queryKey });
    },
    // Already a draft (another leader, another tab): the list says so once read again.
    onError: () =>
      void queryClient.invalidateQueries({ queryKey: leaderQuestionsQuery("answered").queryKey }),
  });
}
