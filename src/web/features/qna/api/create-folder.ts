import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FolderColor } from "../../../../core/schemas/qna";
import { api, unwrap } from "../../../lib/api-client";
import { setFolders } from "./get-folders";

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (folder: { name: string; color: FolderColor }) =>
      unwrap(api.qna.folders.$post({ json: folder })),
    // Folders are listed oldest first, so a new one goes last.
    onSuccess: (folder) => setFolders(queryClient, (folders) => [...folders, folder]),
  });
}
