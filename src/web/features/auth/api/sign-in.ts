import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { signInSchema } from "../../../../core/schemas/auth";
import { api, unwrap } from "../../../lib/api-client";

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof signInSchema>) =>
      unwrap(api.auth["sign-in"].email.$post({ json: input })),
    onSuccess: () => queryClient.resetQueries(),
  });
}
