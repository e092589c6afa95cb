import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  estimatedStartTimes,
  fillStartTimes,
  layerSentences,
  sentenceAt,
  spokenSentences,
} from "../../../../core/stories/read-along";
import type { SpeechSource } from "../../../../core/stories/speech-text";
import {
  cleanTextForSpeech,
  SPEECH_MESSAGES,
  type SpeechProvider,
} from "../../../../core/stories/spoken-text";
import { parseStoryText } from "../../../../core/stories/story-text";
import { ApiError } from "../../../lib/api-client";
import { speechConfigQuery } from "../api/get-speech-config";
import { getSentenceStarts } from "../api/get-speech-timings";

export type NarrationStatus = "idle" | "loading" | "playing";

export type Narration = {
  status: NarrationStatus;
  /** Reads from the start, or from sentence `fromSentence` (numbered as `layerSentences` numbers them). */
  play: (fromSentence?: number) => void;
  /** The sentence being read while playing (read-along), or null. */
  sentence: number | null;
  stop: () => void;
  /** Gets ready for Play (asks who reads aloud), for when the reader reaches for it. */
  prepare: () => void;
  /** Why the last Play did not (or no longer) play, in words a child can read. */
  error?: string;
};

/** One press of Play and everything it started, so that Stop (or the next Play) can end all of it. */
type Playback = { ended: boolean; controller: AbortController; cleanups: (() => void)[] };

/** How a playback reports back; reports from a playback that was already stopped are ignored. */
type PlaybackEvents = {
  playing: () => void;
  ended: (error?: string) => void;
  /** The sentence now being read. */
  sentence: (index: number) => void;
};

function endPlayback(playback: Playback) {
  if (playback.ended) return;
  playback.ended = true;
  playback.controller.abort();
  for (const cleanup of playback.cleanups.splice(0)) cleanup();
}

/**
 * The answer is MPEG audio, not JSON, so this one call uses fetch rather than the typed client. The server
 * reads the layer's saved text itself; it never takes words from the browser.
 */
async function fetchSpeechAudio({
  source: { slug, layer },
  signal,
}: {
  source: SpeechSource;
  signal: AbortSignal;
}): Promise<Blob> {
  const response = await fetch("/api/speech", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", accept: "audio/mpeg" },
    body: JSON.stringify({ slug, layer }),
    signal,
  });
  if (!response.ok) {
    const payload = (await response.json().catch(() => ({}))) as {
      error?: { code?: string; message?: string };
    };
    throw new ApiError(
      payload.error?.message ?? SPEECH_MESSAGES.unavailable,
      response.status,
      payload.error?.code,
    );
  }
  return response.blob();
}

async function speechProvider(queryClient: QueryClient): Promise<SpeechProvider> {
  try {
    return (await queryClient.ensureQueryData(speechConfigQuery)).provider;
  } catch {
    // Without an answer from the server the browser's own voice is the best we have.
    return "browser";
  }
}

/** Some browsers' voices fall silent after about 15 seconds of one utterance, so we speak a few sentences at a time. */
const UTTERANCE_MAX_CHARS = 220;

export type Utterance = {
  text: string;
  /** The sentences it says: each one's number and where its words start in `text`. */
  sentences: { index: number; offset: number }[];
};

/**
 * The spoken sentences from `from` on, a few to each utterance, every word in order; a sentence with nothing to
 * say is left out.
 */
export function utterancesFrom(spoken: readonly string[], from = 0): Utterance[] {
  const utterances: Utterance[] = [];
  spoken.forEach((sentence, index) => {
    if (index < from || sentence === "") return;
    const last = utterances.at(-1);
    if (last && last.text.length + 1 + sentence.length <= UTTERANCE_MAX_CHARS) {
      last.sentences.push({ index, offset: last.text.length + 1 });
      last.text = `${last.text} ${sentence}`;
    } else utterances.push({ text: sentence, sentences: [{ index, offset: 0 }] });
  });
  return utterances;
}

/** The sentence of an utterance that holds character `charIndex`. */
function sentenceAtCharacter(utterance: Utterance, charIndex: number): number {
  let current = utterance.sentences[0]?.index ?? 0;
  for (const { index, offset } of utterance.sentences) if (offset <= charIndex) current = index;
  return current;
}

/**
 * The browser's own voice. Each utterance's start marks its first sentence; where the browser sends boundary
 * events (word by word), they mark the sentence each word is in.
 */
function speakInBrowser(spoken: readonly string[], from: number, playback: Playback, events: PlaybackEvents) {
  const synth = "speechSynthesis" in window ? window.speechSynthesis : undefined;
  if (!synth || typeof SpeechSynthesisUtterance === "undefined") {
    events.ended(SPEECH_MESSAGES.notSupported);
    return;
  }
  playback.cleanups.push(() => synth.cancel());
  // Anything still queued (another tab's page, an earlier story) would otherwise be read first.
  synth.cancel();
  const utterances = utterancesFrom(spoken, from);
  utterances.forEach((part, index) => {
    const utterance = new SpeechSynthesisUtterance(part.text);
    utterance.rate = 1;
    utterance.onstart = () => events.sentence(part.sentences[0]?.index ?? from);
    utterance.onboundary = (event) => events.sentence(sentenceAtCharacter(part, event.charIndex));
    if (index === utterances.length - 1) utterance.onend = () => events.ended();
    utterance.onerror = (event) => {
      // Our own cancel() (Stop) reports itself as an error; that is not a failure.
      if (event.error !== "canceled" && event.error !== "interrupted")
        events.ended(SPEECH_MESSAGES.playbackFailed);
    };
    synth.speak(utterance);
  });
  events.sentence(utterances[0]?.sentences[0]?.index ?? from);
  events.playing();
}

/**
 * The server's narration. The sentence being read follows the audio's time: by the voice's own timings once they
 * have come, by each sentence's share of the words until then (or without them).
 */
function playAudio(
  audioData: Blob,
  {
    spoken,
    from,
    starts,
  }: { spoken: readonly string[]; from: number; starts: Promise<(number | null)[] | null> },
  playback: Playback,
  events: PlaybackEvents,
) {
  if (typeof Audio === "undefined") {
    events.ended(SPEECH_MESSAGES.notSupported);
    return;
  }
  const url = URL.createObjectURL(audioData);
  const audio = new Audio(url);
  let known: (number | null)[] | null = null;
  const duration = () => (Number.isFinite(audio.duration) ? audio.duration : 0);
  const startTimes = () =>
    known ? fillStartTimes(known, duration()) : estimatedStartTimes(spoken, duration());
  playback.cleanups.push(() => {
    audio.onended = null;
    audio.onerror = null;
    audio.ontimeupdate = null;
    audio.pause();
    URL.revokeObjectURL(url);
  });
  audio.onended = () => events.ended();
  audio.onerror = () => events.ended(SPEECH_MESSAGES.playbackFailed);
  audio.ontimeupdate = () => events.sentence(sentenceAt(startTimes(), audio.currentTime, duration()));
  const begin = () => {
    if (from > 0) audio.currentTime = startTimes()[from] ?? 0;
    audio.play().then(
      () => events.playing(),
      () => events.ended(SPEECH_MESSAGES.playbackFailed),
    );
  };
  events.sentence(from);
  void starts.then((found) => {
    known = found;
  });
  // Starting mid-way needs the audio's length (and the timings, when they come quickly enough).
  if (from > 0) {
    let begun = false;
    const beginOnce = () => {
      if (begun || playback.ended) return;
      begun = true;
      begin();
    };
    audio.onloadedmetadata = () => void starts.finally(beginOnce);
    playback.cleanups.push(() => {
      audio.onloadedmetadata = null;
    });
    if (audio.readyState >= 1) void starts.finally(beginOnce);
  } else begin();
}

/**
 * Reads `text` aloud (cleaned of marks and icons first). With a `source` (the story layer `text` was saved
 * as) and a voice service on the server, the server reads its saved copy of that layer; otherwise the
 * browser's own voice reads `text`. Stop, a new text or source and leaving the page all end playback,
 * including a request still on its way.
 */
export function useNarration(text: string, source?: SpeechSource): Narration {
  const sourceSlug = source?.slug;
  const sourceLayer = source?.layer;
  const queryClient = useQueryClient();
  // Who reads is asked as the reader reaches for Play, so that Play can start at once, rather than as the page
  // loads, which does not need it.
  const prepare = useCallback(() => void queryClient.prefetchQuery(speechConfigQuery), [queryClient]);
  const { mutateAsync: fetchAudio } = useMutation({ mutationFn: fetchSpeechAudio });
  const [status, setStatus] = useState<NarrationStatus>("idle");
  const [sentence, setSentence] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const active = useRef<Playback | null>(null);
  // The layer's sentences as the page numbers them, as a voice says them.
  const spoken = useMemo(() => spokenSentences(layerSentences(parseStoryText(text)).sentences), [text]);
  /** The last narration fetched, so that tapping another sentence does not fetch it again. */
  const fetched = useRef<{ key: string; audio: Blob; starts: Promise<(number | null)[] | null> } | null>(
    null,
  );

  const stop = useCallback(() => {
    if (active.current) endPlayback(active.current);
    active.current = null;
    setStatus("idle");
    setSentence(null);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text or layer ends the narration of the old one
  useEffect(() => stop, [stop, text, sourceSlug, sourceLayer]);

  const play = useCallback(
    (fromSentence = 0) => {
      const cleaned = cleanTextForSpeech(text);
      if (!cleaned) return;
      const from = Math.min(Math.max(Math.trunc(fromSentence), 0), Math.max(spoken.length - 1, 0));
      if (active.current) endPlayback(active.current);
      const playback: Playback = { ended: false, controller: new AbortController(), cleanups: [] };
      active.current = playback;
      setError(undefined);
      setStatus("loading");

      const events: PlaybackEvents = {
        playing: () => {
          if (active.current === playback && !playback.ended) setStatus("playing");
        },
        ended: (message) => {
          if (active.current !== playback) return;
          endPlayback(playback);
          active.current = null;
          setStatus("idle");
          setSentence(null);
          if (message) setError(message);
        },
        sentence: (index) => {
          if (active.current === playback && !playback.ended) setSentence(index);
        },
      };

      void (async () => {
        const provider = await speechProvider(queryClient);
        if (playback.ended) return;
        // The server only reads a saved story layer; any other text is for the browser's voice.
        if (provider === "browser" || sourceSlug === undefined || sourceLayer === undefined) {
          speakInBrowser(spoken, from, playback, events);
          return;
        }
        const layerSource = { slug: sourceSlug, layer: sourceLayer };
        const key = `${sourceSlug}/${sourceLayer}/${cleaned}`;
        let narration = fetched.current?.key === key ? fetched.current : null;
        if (!narration) {
          try {
            const audio = await fetchAudio({ source: layerSource, signal: playback.controller.signal });
            // The timings are stored before the audio's last byte is sent, so they are there to ask for now.
            narration = { key, audio, starts: getSentenceStarts(layerSource) };
            fetched.current = narration;
          } catch (failure) {
            if (playback.ended) return;
            // The server dropped its voice service since we asked: the browser can still read.
            if (failure instanceof ApiError && failure.code === "speech_not_configured") {
              speakInBrowser(spoken, from, playback, events);
              return;
            }
            events.ended(failure instanceof ApiError ? failure.message : SPEECH_MESSAGES.unavailable);
            return;
          }
        }
        if (!playback.ended)
          playAudio(narration.audio, { spoken, from, starts: narration.starts }, playback, events);
      })();
    },
    [text, spoken, sourceSlug, sourceLayer, queryClient, fetchAudio],
  );

  return { status, play, stop, prepare, error, sentence };
}
