import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { signInByUsernameSchema, signInSchema } from "../../../../core/schemas/auth";
import { api, unwrap } from "../../../lib/api-client";
import { clearReaderCaches } from "../../../lib/clear-reader-data";
import { signInByUsername } from "./sign-in-by-username";

/** An email and password, or (a child under 13, who has no email) a username and password. */
export type SignInInput = z.input<typeof signInSchema> | z.input<typeof signInByUsernameSchema>;

/** Starts a session for an email and password; a wrong pair is a 401. */
export function signInWithEmail(input: z.input<typeof signInSchema>) {
  return unwrap(api.auth["sign-in"].email.$post({ json: input }));
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => ("email" in input ? signInWithEmail(input) : signInByUsername(input)),
    onSuccess: async () => {
      // Whatever a reader before them kept for offline reading on this device is not theirs to see.
      await clearReaderCaches();
      await queryClient.resetQueries();
    },
  });
}
