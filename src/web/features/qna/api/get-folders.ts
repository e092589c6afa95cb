import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { ConversationFolder } from "../../../../core/schemas/qna";
import { api, unwrap } from "../../../lib/api-client";

/** The folders, oldest first, each with how many conversations it holds: what moving or deleting invalidates. */
export const foldersQuery = queryOptions({
  queryKey: ["qna", "folders"],
  queryFn: async (): Promise<ConversationFolder[]> => (await unwrap(api.qna.folders.$get())).folders,
});

export function useFolders() {
  return useQuery(foldersQuery);
}

export function setFolders(
  queryClient: QueryClient,
  update: (folders: ConversationFolder[]) => ConversationFolder[],
) {
  queryClient.setQueryData(foldersQuery.queryKey, (folders) => (folders ? update(folders) : folders));
}
