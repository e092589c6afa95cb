import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { conversationsKey, updateConversations } from "./get-conversations";
import { foldersQuery } from "./get-folders";
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
      // Not awaited: the conversation's own callbacks must run before it leaves the page. Its folder's count
      // changes, and the next page's first conversation moves up.
      void queryClient.invalidateQueries({ queryKey: conversationsKey });
      void queryClient.invalidateQueries({ queryKey: foldersQuery.queryKey });
    },
  });
}
