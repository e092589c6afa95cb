import type { z } from "zod";
import type { signInByUsernameSchema } from "../../../../core/schemas/auth";
import { api, unwrap } from "../../../lib/api-client";

/** Children under 13 have no email, so they sign in with their username (issue 24). */
export function signInByUsername(input: z.input<typeof signInByUsernameSchema>) {
  return unwrap(api.auth["sign-in"].username.$post({ json: input }));
}
