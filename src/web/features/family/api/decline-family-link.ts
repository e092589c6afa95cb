import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

/** 'No, delete this account': the waiting child's account and everything it made are deleted at once. */
export function useDeclineFamilyLink() {
  return useMutation({
    mutationFn: (token: string) => unwrap(api.family.decline.$post({ json: { token } })),
  });
}
