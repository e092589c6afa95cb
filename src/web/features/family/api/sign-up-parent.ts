import { api, unwrap } from "../../../lib/api-client";

/**
 * A parent's own account, made on the consent page. It answers alike whether or not the email had an account,
 * so signing in straight after tells the two apart.
 */
export function signUpParent(input: { email: string; password: string }) {
  return unwrap(api.auth["sign-up"].parent.$post({ json: input }));
}
