import type { SpeechSource, SpeechTimings } from "../../../../core/stories/speech-text";
import { api, unwrap } from "../../../lib/api-client";

/**
 * Read-along: when each sentence of the layer starts in the server's narration, or null when the server cannot
 * tell (the narration was made without timings); the page then spreads the sentences over the audio by length.
 */
export async function getSentenceStarts({ slug, layer }: SpeechSource): Promise<(number | null)[] | null> {
  try {
    const timings: SpeechTimings = await unwrap(
      api.speech.timings.$get({ query: { slug, layer: String(layer) } }),
    );
    return timings.starts;
  } catch {
    return null;
  }
}
