import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { sessionQuery } from "../../auth";

/**
 * Deletes the signed-in account. The server has already ended the session and cleared its cookie; emptying
 * the cache and the session here shows the landing page at once, as signing out does.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => unwrap(api.profile.$delete({ json: { password } })),
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQuery.queryKey[0] });
      queryClient.setQueryData(sessionQuery.queryKey, { user: null });
    },
  });
}
