import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { linkedParentsQuery } from "./get-linked-parents";

/** A teen's 'Add a parent': the parent is mailed a link; the address shows, masked, as invited. */
export function useAddParent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => unwrap(api.family.parents.$post({ json: { email } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkedParentsQuery.queryKey }),
  });
}
