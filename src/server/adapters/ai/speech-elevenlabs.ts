import { measuredSpeech } from "../../http/metrics";
import { AI_STALL_TIMEOUT_MS, AiError, type CharacterTimings, type SpeechSynthesizer } from "./types";

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
 * One line of ElevenLabs' `/stream/with-timestamps` answer: a piece of the MPEG audio in base64 and the timings of
 * the characters it speaks (either may be missing or null in a line).
 */
type TimestampedPiece = {
  audio_base64?: string | null;
  alignment?: {
    characters?: string[];
    character_start_times_seconds?: number[];
    character_end_times_seconds?: number[];
  } | null;
};

function parsePiece(line: string): TimestampedPiece {
  try {
    const piece: unknown = JSON.parse(line);
    if (typeof piece === "object" && piece !== null) return piece as TimestampedPiece;
  } catch {}
  throw new AiError("ElevenLabs sent a line that is not JSON", "malformed");
}

/**
 * Each piece's timings, made relative to the start of the whole narration: a piece whose first character starts
 * before the previous piece ended counts its times from its own start, so the audio heard so far is added.
 */
function timingsAcrossPieces() {
  let heardUntil = 0;
  return (alignment: TimestampedPiece["alignment"]): CharacterTimings | null => {
    const characters = alignment?.characters ?? [];
    const starts = alignment?.character_start_times_seconds ?? [];
    const ends = alignment?.character_end_times_seconds ?? [];
    if (characters.length === 0 || starts.length !== characters.length) return null;
    const offset = (starts[0] ?? 0) + 0.001 < heardUntil ? heardUntil : 0;
    heardUntil = Math.max(heardUntil, offset + (ends.at(-1) ?? starts.at(-1) ?? 0));
    // One start per UTF-16 unit of the joined text, so a character outside the BMP keeps the two aligned.
    const unitStarts = characters.flatMap((character, index) =>
      Array.from({ length: character.length }, () => offset + (starts[index] ?? 0)),
    );
    return { characters: characters.join(""), starts: unitStarts };
  };
}

/**
 * Text to speech through ElevenLabs' REST API, with character timings for read-along (`/stream/with-timestamps`:
 * one JSON object per line, each with a piece of audio in base64 and its characters' timings). The audio is
 * streamed on as it arrives; a failure before the first byte rejects, a later one errors the stream. The
 * AiError's `cause` carries ElevenLabs' own error detail for the log.
 */
export function createElevenLabsSpeech({
  baseUrl = "https://api.elevenlabs.io",
  apiKey,
  voiceId,
  timeoutMs = AI_STALL_TIMEOUT_MS,
}: ElevenLabsSpeechOptions): SpeechSynthesizer {
  const url = `${baseUrl.replace(/\/+$/, "")}/v1/text-to-speech/${encodeURIComponent(voiceId)}/stream/with-timestamps`;

  return measuredSpeech({
    provider: "elevenlabs",
    voiceId,
    async synthesize(text, { signal, onTimings }) {
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
          headers: { "xi-api-key": apiKey, "content-type": "application/json", accept: "application/json" },
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
      const decoder = new TextDecoder();
      const timingsOf = timingsAcrossPieces();
      let unread = "";
      let bytes = 0;
      // Cancelling the reader ends a read in progress as if the audio were complete; this tells them apart.
      let cancelled = false;
      /** The audio in the complete lines received so far (the timings go to `onTimings`). */
      const audioOfLines = (lines: string[]): Uint8Array[] =>
        lines.flatMap((line) => {
          if (line.trim() === "") return [];
          const piece = parsePiece(line);
          const timings = timingsOf(piece.alignment);
          if (timings) onTimings?.(timings);
          const audio = piece.audio_base64 ? new Uint8Array(Buffer.from(piece.audio_base64, "base64")) : null;
          return audio && audio.byteLength > 0 ? [audio] : [];
        });
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          // A line may carry only timings: read on until there is audio to hand on, or the end.
          for (;;) {
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
            let audio: Uint8Array[];
            try {
              unread += chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
              const lines = unread.split("\n");
              unread = chunk.done ? "" : (lines.pop() ?? "");
              audio = audioOfLines(lines);
            } catch (error) {
              finish();
              upstream.abort();
              controller.error(failure(error));
              return;
            }
            for (const piece of audio) {
              bytes += piece.byteLength;
              controller.enqueue(piece);
            }
            if (chunk.done) {
              finish();
              if (bytes === 0) controller.error(new AiError("No audio data generated", "empty"));
              else controller.close();
              return;
            }
            if (audio.length > 0) return;
          }
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
