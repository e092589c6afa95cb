import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

export function useJoinGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => unwrap(api.groups.join.$post({ json: { code } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["groups"] }),
  });
}
