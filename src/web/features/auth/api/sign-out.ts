import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.auth["sign-out"].$post()),
    // Everything cached belonged to the user who left.
    onSettled: () => {
      queryClient.clear();
      return queryClient.resetQueries();
    },
  });
}
