import { api, unwrap } from "../../../lib/api-client";

/** Asks the server whether a reset link's token is still good, before the form is shown. */
export function verifyResetToken(token: string) {
  return unwrap(api.auth["reset-password"].verify.$post({ json: { token } }));
}
