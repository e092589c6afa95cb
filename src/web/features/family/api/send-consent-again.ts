import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

/** 'Send again' on the waiting screen: a new consent mail to the parent (3 an hour, then a 429). */
export function useSendConsentAgain() {
  return useMutation({
    mutationFn: () => unwrap(api.family.waiting["send-again"].$post()),
  });
}
