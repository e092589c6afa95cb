import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SpeechConfig } from "../../../../core/stories/speech-text";
import { api, unwrap } from "../../../lib/api-client";

/** Who reads aloud: the server's voice service ("elevenlabs") or the browser's own voice ("browser"). */
export const speechConfigQuery = queryOptions({
  queryKey: ["speech-config"],
  queryFn: (): Promise<SpeechConfig> => unwrap(api.speech.$get()),
  // The server's choice changes only with its configuration, i.e. on a restart.
  staleTime: Number.POSITIVE_INFINITY,
});

export function useSpeechConfig() {
  return useQuery(speechConfigQuery);
}
