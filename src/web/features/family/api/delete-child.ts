import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { familyQuery } from "./get-family";

/** 'Delete my child's account', confirmed with the parent's own password; the child's card goes once it is done. */
export function useDeleteChild(childId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      unwrap(api.family.children[":childId"].delete.$post({ param: { childId }, json: { password } })),
    onSuccess: () => {
      queryClient.setQueryData(
        familyQuery.queryKey,
        (family) =>
          family && { ...family, children: family.children.filter((child) => child.id !== childId) },
      );
      void queryClient.invalidateQueries({ queryKey: familyQuery.queryKey });
    },
  });
}
