import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FolderColor } from "../../../../core/schemas/qna";
import { api, unwrap } from "../../../lib/api-client";
import { foldersQuery, setFolders } from "./get-folders";

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (folder: { name: string; color: FolderColor }) =>
      unwrap(api.qna.folders.$post({ json: folder })),
    onSuccess: (folder) => {
      // Folders are listed oldest first, so a new one goes last; the server's list follows, should a refetch
      // already under way have missed it.
      setFolders(queryClient, (folders) => [...folders, folder]);
      void queryClient.invalidateQueries({ queryKey: foldersQuery.queryKey });
    },
  });
}
