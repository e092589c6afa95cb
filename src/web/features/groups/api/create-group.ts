import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => unwrap(api.groups.$post({ json: { name } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["groups"] }),
  });
}
