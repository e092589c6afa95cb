import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { conversationsKey, updateConversations } from "./get-conversations";
import { foldersQuery } from "./get-folders";

/** Renames a conversation, or moves it into a folder (or, with folderId null, out of one). */
export function useUpdateConversation(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { title?: string; folderId?: string | null }) =>
      unwrap(api.qna.conversations[":id"].$patch({ param: { id: conversationId }, json: change })),
    onSuccess: (updated, change) => {
      updateConversations(queryClient, (conversation) =>
        conversation.id === updated.id ? updated : conversation,
      );
      // A moved conversation joins its new folder's list, and both folders' counts change; a new title may
      // enter or leave a search. Not awaited: the item's own callbacks must run even when the change takes it
      // out of the list it is in.
      void queryClient.invalidateQueries({ queryKey: conversationsKey });
      if (change.folderId !== undefined)
        void queryClient.invalidateQueries({ queryKey: foldersQuery.queryKey });
    },
  });
}
