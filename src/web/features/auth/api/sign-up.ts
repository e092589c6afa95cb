import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { signUpSchema } from "../../../../core/schemas/auth";
import { ApiError, api, unwrap } from "../../../lib/api-client";

/** What came of a sign-up: signed in (a new account, or the owner's own password), or a mail to read. */
export type SignUpOutcome = { signedIn: boolean };

/**
 * Sign-up answers alike whether or not the email already has an account, and starts no session, so that it
 * tells a stranger nothing about whose address is registered. A new account still starts at once: the same
 * email and password sign in straight after. When they do not (the email belonged to someone already), the
 * form says to check the inbox, where the owner has a 'you already have an account' mail.
 */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: z.input<typeof signUpSchema>): Promise<SignUpOutcome> => {
      await unwrap(api.auth["sign-up"].email.$post({ json: input }));
      try {
        await unwrap(
          api.auth["sign-in"].email.$post({ json: { email: input.email, password: input.password } }),
        );
        return { signedIn: true };
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return { signedIn: false };
        throw error;
      }
    },
    onSuccess: ({ signedIn }) => {
      if (signedIn) return queryClient.resetQueries();
    },
  });
}
