import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { updateConversations } from "./get-conversations";
import { messagesQuery } from "./get-messages";

export function useDeleteConversation(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.qna.conversations[":id"].$delete({ param: { id: conversationId } })),
    onSuccess: () => {
      updateConversations(queryClient, (conversation) =>
        conversation.id === conversationId ? null : conversation,
      );
      queryClient.removeQueries({ queryKey: messagesQuery(conversationId).queryKey });
    },
  });
}
