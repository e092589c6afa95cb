import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { signUpSchema } from "../../../../core/schemas/auth";
import { api, unwrap } from "../../../lib/api-client";

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof signUpSchema>) =>
      unwrap(api.auth["sign-up"].email.$post({ json: input })),
    onSuccess: () => queryClient.resetQueries(),
  });
}
