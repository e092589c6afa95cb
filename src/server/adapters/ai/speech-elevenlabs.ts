import { measuredSpeech } from "../../http/metrics";
import { AI_STALL_TIMEOUT_MS, AiError, type SpeechSynthesizer } from "./types";

export type ElevenLabsSpeechOptions = {
  baseUrl?: string;
  apiKey: string;
  voiceId: string;
  /** No byte for this long (waiting for the answer or for the next piece of audio) ends the request. */
  timeoutMs?: number;
};

/** The spec's voice: model eleven_turbo_v2_5, speed 1, stability 0.5, similarity boost 0.75, style 0, boost on. */
export const ELEVENLABS_MODEL_ID = "eleven_turbo_v2_5";
export const ELEVENLABS_VOICE_SETTINGS = {
  stability: 0.5,
  similarity_boost: 0.75,
  style: 0,
  use_speaker_boost: true,
  speed: 1,
} as const;

/** ElevenLabs answers errors as `{ "detail": { "status": "invalid_api_key", "message": "…" } }` (or a string). */
async function readErrorDetail(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === "object" && body !== null && "detail" in body ? body.detail : body;
  } catch {
    return text.slice(0, 500) || undefined;
  }
}

/**
 * Text to speech through ElevenLabs' REST API. The audio is streamed on as it arrives; a failure
 * before the first byte rejects, a later one errors the stream. The AiError's `cause` carries
 * ElevenLabs' own error detail for the log.
 */
export function createElevenLabsSpeech({
  baseUrl = "https://api.elevenlabs.io",
  apiKey,
  voiceId,
  timeoutMs = AI_STALL_TIMEOUT_MS,
}: ElevenLabsSpeechOptions): SpeechSynthesizer {
  const url = `${baseUrl.replace(/\/+$/, "")}/v1/text-to-speech/${encodeURIComponent(voiceId)}`;

  return measuredSpeech({
    provider: "elevenlabs",
    voiceId,
    async synthesize(text, { signal }) {
      if (signal.aborted) throw new AiError("ElevenLabs request aborted", "aborted");
      const upstream = new AbortController();
      const stalled = new AiError(`ElevenLabs sent nothing for ${timeoutMs} ms`, "stalled");
      let timer: ReturnType<typeof setTimeout> | undefined;
      const startWaiting = () => {
        clearTimeout(timer);
        timer = setTimeout(() => upstream.abort(stalled), timeoutMs);
      };
      const stopWaiting = () => clearTimeout(timer);
      const onCallerAbort = () => upstream.abort(signal.reason);
      signal.addEventListener("abort", onCallerAbort, { once: true });
      const finish = () => {
        stopWaiting();
        signal.removeEventListener("abort", onCallerAbort);
      };
      /** Why a fetch or read failed, in AiError terms. */
      const failure = (error: unknown): AiError => {
        if (error instanceof AiError) return error;
        if (upstream.signal.reason === stalled) return stalled;
        if (signal.aborted) return new AiError("ElevenLabs request aborted", "aborted");
        const message = error instanceof Error ? error.message : String(error);
        return new AiError(`ElevenLabs request failed: ${message}`, "upstream");
      };

      let response: Response;
      startWaiting();
      try {
        response = await fetch(url, {
          method: "POST",
          headers: { "xi-api-key": apiKey, "content-type": "application/json", accept: "audio/mpeg" },
          body: JSON.stringify({
            text,
            model_id: ELEVENLABS_MODEL_ID,
            voice_settings: ELEVENLABS_VOICE_SETTINGS,
          }),
          signal: upstream.signal,
        });
      } catch (error) {
        finish();
        throw failure(error);
      }
      if (!response.ok || !response.body) {
        const detail = response.ok ? undefined : await readErrorDetail(response);
        finish();
        const error = response.ok
          ? new AiError("No audio data generated", "empty")
          : new AiError(
              `ElevenLabs API error: ${response.status} ${response.statusText}`,
              "upstream",
              response.status,
            );
        error.cause = detail;
        throw error;
      }

      const reader = response.body.getReader();
      let bytes = 0;
      // Cancelling the reader ends a read in progress as if the audio were complete; this tells them apart.
      let cancelled = false;
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          startWaiting();
          let chunk: ReadableStreamReadResult<Uint8Array>;
          try {
            chunk = await reader.read();
          } catch (error) {
            finish();
            controller.error(failure(error));
            return;
          }
          stopWaiting();
          if (cancelled) return;
          if (chunk.done) {
            finish();
            if (bytes === 0) controller.error(new AiError("No audio data generated", "empty"));
            else controller.close();
            return;
          }
          bytes += chunk.value.byteLength;
          controller.enqueue(chunk.value);
        },
        async cancel(reason) {
          cancelled = true;
          finish();
          upstream.abort(reason);
          await reader.cancel(reason).catch(() => {});
        },
      });
    },
  });
}
