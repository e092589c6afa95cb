import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

/** 'Add a parent or guardian': the same link a consent mail carries, sent to a second grown-up as an invitation. */
export function useInviteParent(childId: string) {
  return useMutation({
    mutationFn: (email: string) =>
      unwrap(api.family.children[":childId"].invite.$post({ param: { childId }, json: { email } })),
  });
}
