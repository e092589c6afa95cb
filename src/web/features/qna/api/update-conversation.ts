import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { conversationsKey, updateConversations } from "./get-conversations";

/** Renames a conversation, or moves it into a folder (or, with folderId null, out of one). */
export function useUpdateConversation(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { title?: string; folderId?: string | null }) =>
      unwrap(api.qna.conversations[":id"].$patch({ param: { id: conversationId }, json: change })),
    onSuccess: (updated) => {
      updateConversations(queryClient, (conversation) =>
        conversation.id === updated.id ? updated : conversation,
      );
      // A new title may enter or leave a search.
      return queryClient.invalidateQueries({ queryKey: conversationsKey });
    },
  });
}
