import type { UnsubscribeInput } from "../../../../core/schemas/profile";
import { api, unwrap } from "../../../lib/api-client";

/** 'Stop these emails' from a mail's link: the link's own signed words, no session needed. */
export function unsubscribe(input: UnsubscribeInput): Promise<{ topic: string; on: boolean }> {
  return unwrap(api.mail.unsubscribe.$post({ query: input }));
}
