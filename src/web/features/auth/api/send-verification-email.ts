import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api, unwrap } from "../../../lib/api-client";
import { sessionQuery } from "./get-session";

/** 'Send again': a new 'Confirm your email' link to the signed-in account's own address. */
export function useSendVerificationEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.auth["send-verification-email"].$post()),
    onError: (error) => {
      // Confirmed meanwhile (on another device, say): the session learns it, and the banner goes.
      if (error instanceof ApiError && error.code === "email_already_confirmed")
        void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
  });
}
