import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { conversationsKey, updateConversations } from "./get-conversations";
import { foldersQuery, setFolders } from "./get-folders";

/** Deletes a folder; the server moves its conversations out of it, and so does the cache until it refetches. */
export function useDeleteFolder(folderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.qna.folders[":id"].$delete({ param: { id: folderId } })),
    onSuccess: () => {
      setFolders(queryClient, (folders) => folders.filter((folder) => folder.id !== folderId));
      updateConversations(queryClient, (conversation) =>
        conversation.folderId === folderId ? { ...conversation, folderId: null } : conversation,
      );
      // Not awaited: the folder's own callbacks must run before it leaves the page.
      void queryClient.invalidateQueries({ queryKey: conversationsKey });
      void queryClient.invalidateQueries({ queryKey: foldersQuery.queryKey });
    },
  });
}
