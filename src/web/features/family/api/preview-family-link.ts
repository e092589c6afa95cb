import { api, unwrap } from "../../../lib/api-client";

/** What a consent or invitation link is about, before the parent says yes; 410 for a used or expired one. */
export function previewFamilyLink(token: string) {
  return unwrap(api.family.links.preview.$post({ json: { token } }));
}
