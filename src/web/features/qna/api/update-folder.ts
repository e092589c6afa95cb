import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FolderColor } from "../../../../core/schemas/qna";
import { api, unwrap } from "../../../lib/api-client";
import { foldersQuery, setFolders } from "./get-folders";

export function useUpdateFolder(folderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { name?: string; color?: FolderColor }) =>
      unwrap(api.qna.folders[":id"].$patch({ param: { id: folderId }, json: change })),
    onSuccess: (updated) => {
      setFolders(queryClient, (folders) =>
        folders.map((folder) => (folder.id === updated.id ? updated : folder)),
      );
      void queryClient.invalidateQueries({ queryKey: foldersQuery.queryKey });
    },
  });
}
