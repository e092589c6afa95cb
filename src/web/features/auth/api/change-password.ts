import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      unwrap(api.auth["change-password"].$post({ json: input })),
  });
}
