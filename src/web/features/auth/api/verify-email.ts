import { api, unwrap } from "../../../lib/api-client";

/** Confirms the address a 'Confirm your email' link was sent to, with the token from the link's fragment. */
export function verifyEmail(token: string) {
  return unwrap(api.auth["verify-email"].$post({ json: { token } }));
}
