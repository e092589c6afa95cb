import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

/** 'Reset password' for a child, who has no email to reset it by: the parent sets the new one. */
export function useResetChildPassword(childId: string) {
  return useMutation({
    mutationFn: (newPassword: string) =>
      unwrap(api.family.children[":childId"].password.$post({ param: { childId }, json: { newPassword } })),
  });
}
