import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { LayerNumber } from "../../../core/stories/progress";
import { layerSentences, sentenceStartTimes, spokenSentences } from "../../../core/stories/read-along";
import { SPEECH_MESSAGES } from "../../../core/stories/speech-text";
import { parseStoryText } from "../../../core/stories/story-text";
import { AiError, type CharacterTimings, type SpeechSynthesizer } from "../../adapters/ai/types";
import type { Storage } from "../../adapters/storage/storage";
import type { Database } from "../../db/client";
import { stories, storyContent } from "../../db/schema";
import { AppError } from "../../http/errors";

/**
 * The text this reader was given for a story layer (step 1), as saved when its generation finished: the
 * only words the server's voice will say. Another reader's text is as good as none.
 */
export async function savedStoryText(
  db: Database,
  userId: string,
  slug: string,
  layer: LayerNumber,
): Promise<string> {
  const [row] = await db
    .select({ content: storyContent.content })
    .from(storyContent)
    .innerJoin(stories, eq(stories.id, storyContent.storyId))
    .where(
      and(
        eq(stories.slug, slug),
        eq(storyContent.userId, userId),
        eq(storyContent.layer, layer),
        eq(storyContent.step, 1),
      ),
    )
    .limit(1);
  if (!row) throw new AppError("no_story_text", 404, SPEECH_MESSAGES.noStoryText);
  return row.content;
}

/** The same words in the same voice sound the same: one stored file per voice and cleaned text. */
export function speechCacheKey(voiceId: string, cleanedText: string): string {
  const hash = createHash("sha256").update(`${voiceId}\n${cleanedText}`).digest("hex");
  return `speech/${hash}.mp3`;
}

/** The narration's character timings (read-along) are kept beside its audio, under the same hash. */
export const timingsKeyFor = (audioKey: string) => audioKey.replace(/\.mp3$/, ".timings.json");

export type Narration = {
  audio: ReadableStream<Uint8Array>;
  cached: boolean;
  /** Known for a stored file only; fresh audio is streamed as it comes. */
  byteLength?: number;
};

/** The stored audio for this key, streamed from storage, or null. A broken cache is logged and treated as empty. */
export async function cachedNarration(
  { storage, logger }: { storage: Storage; logger: Logger },
  key: string,
): Promise<Narration | null> {
  const stored = await storage.open(key).catch((err: unknown) => {
    // The cache only saves time and money; without it the voice service still answers.
    logger.warn({ err, key }, "speech cache not readable");
    return null;
  });
  if (!stored) return null;
  return { audio: stored.body, cached: true, byteLength: stored.info.size };
}

/**
 * Fresh audio for already-cleaned text from the voice service, passed on as it arrives and stored under
 * `key` once it has arrived completely (never a partial file). Waits for the first piece, so that a
 * failure before any byte rejects with an AiError (and can still be answered as an ordinary error)
 * instead of breaking a response already under way.
 */
export async function freshNarration(
  { speech, storage, logger }: { speech: SpeechSynthesizer; storage: Storage; logger: Logger },
  key: string,
  text: string,
  signal: AbortSignal,
): Promise<Narration> {
  const timings: CharacterTimings[] = [];
  const upstream = (
    await speech.synthesize(text, { signal, onTimings: (piece) => timings.push(piece) })
  ).getReader();
  const first = await upstream.read().catch(async (error: unknown) => {
    await upstream.cancel().catch(() => {});
    throw error;
  });
  if (first.done) throw new AiError("No audio data generated", "empty");

  const pieces: Uint8Array[] = [first.value];
  let pending: Uint8Array | undefined = first.value;
  // Cancelling a reader ends a read in progress as if the audio were complete; this tells the two apart.
  let cancelled = false;
  const audio = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (pending) {
        controller.enqueue(pending);
        pending = undefined;
        return;
      }
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await upstream.read();
      } catch (error) {
        // A listener who left is no failure of the voice service.
        if (!cancelled && !signal.aborted)
          logger.warn({ err: error, key }, "speech stream broke off; not cached");
        controller.error(error);
        return;
      }
      if (cancelled) return;
      if (!chunk.done) {
        pieces.push(chunk.value);
        controller.enqueue(chunk.value);
        return;
      }
      // Only a complete answer is kept. The stream ends after the write, so a listener who heard it all
      // finds it cached when asking again; a failed write costs only a later voice-service call.
      // The timings go first: audio in the cache then always has its timings, unless the voice sent none.
      if (timings.length > 0)
        await storage
          .put(timingsKeyFor(key), jsonBytes(joinTimings(timings)), "application/json")
          .catch((err: unknown) => logger.warn({ err, key }, "speech timings not cached"));
      await storage
        .put(key, concat(pieces), "audio/mpeg")
        .catch((err: unknown) => logger.warn({ err, key }, "speech audio not cached"));
      if (!cancelled) controller.close();
    },
    async cancel(reason) {
      cancelled = true;
      // The listener went away: stop paying for audio nobody will hear.
      await upstream.cancel(reason).catch(() => {});
    },
  });
  return { audio, cached: false };
}

function joinTimings(pieces: CharacterTimings[]): CharacterTimings {
  return {
    characters: pieces.map((piece) => piece.characters).join(""),
    starts: pieces.flatMap((piece) => piece.starts),
  };
}

const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

/** Stored timings as the voice sent them, or null when there are none (or they are not what we wrote). */
async function cachedTimings(storage: Storage, key: string): Promise<CharacterTimings | null> {
  const stored = await storage.get(timingsKeyFor(key)).catch(() => null);
  if (!stored) return null;
  try {
    const timings: unknown = JSON.parse(new TextDecoder().decode(stored.bytes));
    if (
      typeof timings === "object" &&
      timings !== null &&
      "characters" in timings &&
      "starts" in timings &&
      typeof timings.characters === "string" &&
      Array.isArray(timings.starts) &&
      timings.starts.every((start) => typeof start === "number")
    )
      return { characters: timings.characters, starts: timings.starts };
  } catch {}
  return null;
}

/**
 * When each sentence of the layer starts in its stored narration (read-along), numbered as the page numbers them;
 * null when the narration has not been made yet or was made without timings.
 */
export async function narrationSentenceStarts(
  storage: Storage,
  key: string,
  storyText: string,
): Promise<(number | null)[] | null> {
  const timings = await cachedTimings(storage, key);
  if (!timings) return null;
  const { sentences } = layerSentences(parseStoryText(storyText));
  return sentenceStartTimes(spokenSentences(sentences), timings);
}

function concat(pieces: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(pieces.reduce((total, piece) => total + piece.byteLength, 0));
  let offset = 0;
  for (const piece of pieces) {
    whole.set(piece, offset);
    offset += piece.byteLength;
  }
  return whole;
}
