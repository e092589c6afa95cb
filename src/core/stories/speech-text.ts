import { z } from "zod";
import { layerNumberSchema } from "./progress";
import { SPEECH_MESSAGES } from "./spoken-text";

export {
  cleanTextForSpeech,
  SPEECH_MESSAGES,
  SPEECH_TEXT_MAX_CHARS,
  type SpeechConfig,
  type SpeechProvider,
  type SpeechTimings,
} from "./spoken-text";

/**
 * POST /api/speech (and GET /api/speech/timings, in its query) names a story layer, never the words: the server reads aloud only the text it saved
 * for this reader, so the ministry's voice cannot be made to say anything else.
 */
export const speechRequestSchema = z.object({
  slug: z.string({ error: SPEECH_MESSAGES.chooseStory }).max(200, { error: SPEECH_MESSAGES.chooseStory }),
  layer: layerNumberSchema,
});

export type SpeechRequest = z.input<typeof speechRequestSchema>;
export type SpeechSource = z.output<typeof speechRequestSchema>;
