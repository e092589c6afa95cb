import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => unwrap(api.auth["request-password-reset"].$post({ json: { email } })),
  });
}
