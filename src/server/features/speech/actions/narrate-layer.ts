import {
  cleanTextForSpeech,
  SPEECH_MESSAGES,
  SPEECH_TEXT_MAX_CHARS,
  type SpeechSource,
} from "../../../../core/stories/speech-text";
import { AiError } from "../../../adapters/ai/types";
import { AppError } from "../../../http/errors";
import { defineAction } from "../../../shared/action";
import { reserveAiWork } from "../../../shared/ai-quota";
import { cachedNarration, freshNarration, type Narration, savedStoryText, speechCacheKey } from "../service";

export const speechNotConfigured = () =>
  new AppError("speech_not_configured", 404, SPEECH_MESSAGES.notConfigured);

type Input = SpeechSource & {
  /** The listener's request: leaving cancels the voice-service call. */
  signal: AbortSignal;
};

/**
 * A layer of the reader's story read aloud by the voice service. The same words in the same voice are stored
 * once and served from storage after that; only a fresh narration counts against the reader's limits.
 */
export const narrateLayer = defineAction({
  name: "speech/actions/narrate-layer",
  // Only the text this reader was given, and only when there is a voice service to read it.
  async authorise(deps, actor, input: Input) {
    const speech = deps.speech;
    if (!speech) throw speechNotConfigured();
    const text = cleanTextForSpeech(await savedStoryText(deps.db, actor.id, input.slug, input.layer));
    if (!text) throw new AppError("invalid_input", 400, SPEECH_MESSAGES.nothingToRead);
    if (text.length > SPEECH_TEXT_MAX_CHARS)
      throw new AppError("invalid_input", 400, SPEECH_MESSAGES.tooLong);
    return { speech, text, key: speechCacheKey(speech.voiceId, text) };
  },
  guard: {
    unguarded:
      "the words are the reader's saved story, never their own; the narration limit is counted in the write, since a stored narration costs nothing",
  },
  async write(deps, actor, input, { speech, text, key }): Promise<Narration> {
    const { storage, logger } = deps;
    const cached = await cachedNarration({ storage, logger }, key);
    if (cached) return cached;

    await deps.rateLimiter.attempt("narration", actor.id);
    const quota = await reserveAiWork(deps, actor.id, "speech");
    try {
      return await freshNarration({ speech, storage, logger }, key, text, input.signal);
    } catch (error) {
      await quota.release();
      if (!(error instanceof AiError)) throw error;
      const log = { err: error, status: error.status, detail: error.cause, key };
      if (error.kind === "aborted") logger.info(log, "speech request abandoned by the listener");
      else logger.error(log, "speech synthesis failed");
      throw new AppError("tts_unavailable", 502, SPEECH_MESSAGES.unavailable);
    }
  },
});
