import { queryOptions } from "@tanstack/react-query";
import type { SpeechConfig } from "../../../../core/stories/speech-text";
import { api, unwrap } from "../../../lib/api-client";

/** Who reads aloud: the server's voice service ("elevenlabs") or the browser's own voice ("browser"). */
export const speechConfigQuery = queryOptions({
  queryKey: ["speech-config"],
  queryFn: (): Promise<SpeechConfig> => unwrap(api.speech.$get()),
  // The server's choice changes only with its configuration, i.e. on a restart: kept for the tab's life, also
  // while no narration is on screen (it is asked for ahead of Play, not watched).
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});
