import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { auditLogQuery } from "./get-audit-log";
import { leaderQuestionsKey, leaderQuestionsQuery, updateLeaderQuestions } from "./get-leader-questions";

export type QuestionReply = { questionId: string; reply: string };

/**
 * A leader's reply to a waiting question: it reaches the child's conversation as 'A leader', the question moves
 * from the waiting list to the answered one, and the audit log gains a row.
 */
export function useReplyToQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, reply }: QuestionReply) =>
      unwrap(api.leader.questions[":id"].reply.$post({ param: { id: questionId }, json: { reply } })),
    onSuccess: (_result, { questionId }) => {
      updateLeaderQuestions(queryClient, "waiting", (question) =>
        question.id === questionId ? null : question,
      );
      void queryClient.invalidateQueries({ queryKey: leaderQuestionsKey });
      void queryClient.invalidateQueries({ queryKey: auditLogQuery.queryKey });
    },
    // Another leader answered first (409): the answered list has their reply. The card stays, with the server's
    // words, until the waiting list is next read.
    onError: () =>
      void queryClient.invalidateQueries({ queryKey: leaderQuestionsQuery("answered").queryKey }),
  });
}
