import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api, unwrap } from "../../../lib/api-client";
import { conversationsKey } from "./get-conversations";
import { addMessages, messagesQuery, updateMessage } from "./get-messages";

/**
 * 'Ask a leader' on one of the helper's answers: its question goes to the ministry's leaders, the answer is
 * marked as asked, and the server's confirmation ('I've asked a leader…') joins the conversation after it.
 */
export function useAskLeader(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answerId: number) =>
      unwrap(
        api.qna.conversations[":id"]["ask-leader"].$post({
          param: { id: conversationId },
          json: { answerId },
        }),
      ),
    onSuccess: ({ message }, answerId) => {
      updateMessage(queryClient, conversationId, answerId, { askedLeader: true });
      addMessages(queryClient, conversationId, [message], { isNew: false });
      // The sidebar's counts and order follow the new message.
      void queryClient.invalidateQueries({ queryKey: conversationsKey });
    },
    onError: (error) => {
      // Asked already (another tab, a double click): the server's version shows the sent state.
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: messagesQuery(conversationId).queryKey });
    },
  });
}
