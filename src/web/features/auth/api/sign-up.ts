import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { signUpSchema } from "../../../../core/schemas/auth";
import { ApiError, api, unwrap } from "../../../lib/api-client";
import { signInWithEmail } from "./sign-in";
import { signInByUsername } from "./sign-in-by-username";

/** What came of a sign-up: signed in (a new account, or the owner's own password), or a mail to read. */
export type SignUpOutcome = { signedIn: boolean };

/**
 * Sign-up answers alike whether or not the email already has an account, and starts no session, so that it
 * tells a stranger nothing about whose address is registered. A new account still starts at once: the same
 * email and password sign in straight after. When they do not (the email belonged to someone already), the
 * form says to check the inbox, where the owner has a 'you already have an account' mail.
 *
 * A child under 13 (issue 24) has no email: the parent's address goes with the sign-up, and the child signs in
 * by username, into an account that waits for the parent's yes.
 */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: z.output<typeof signUpSchema>): Promise<SignUpOutcome> => {
      const { birthYear, username, password } = input;
      if (input.kind === "child") {
        const { parentEmail } = input;
        await unwrap(
          api.auth["sign-up"].email.$post({ json: { birthYear, username, parentEmail, password } }),
        );
        await signInByUsername({ username, password });
        return { signedIn: true };
      }
      const { email } = input;
      await unwrap(api.auth["sign-up"].email.$post({ json: { birthYear, username, email, password } }));
      try {
        await signInWithEmail({ email, password });
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
