import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      unwrap(api.auth["reset-password"].$post({ json: input })),
  });
}
