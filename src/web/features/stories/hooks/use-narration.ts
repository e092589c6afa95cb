import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { SpeechSource } from "../../../../core/stories/speech-text";
import {
  cleanTextForSpeech,
  SPEECH_MESSAGES,
  type SpeechProvider,
} from "../../../../core/stories/spoken-text";
import { ApiError } from "../../../lib/api-client";
import { speechConfigQuery } from "../api/get-speech-config";

export type NarrationStatus = "idle" | "loading" | "playing";

export type Narration = {
  status: NarrationStatus;
  play: () => void;
  stop: () => void;
  /** Gets ready for Play (asks who reads aloud), for when the reader reaches for it. */
  prepare: () => void;
  /** Why the last Play did not (or no longer) play, in words a child can read. */
  error?: string;
};

/** One press of Play and everything it started, so that Stop (or the next Play) can end all of it. */
type Playback = { ended: boolean; controller: AbortController; cleanups: (() => void)[] };

/** How a playback reports back; reports from a playback that was already stopped are ignored. */
type PlaybackEvents = { playing: () => void; ended: (error?: string) => void };

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

export function utteranceParts(text: string): string[] {
  const parts: string[] = [];
  for (const sentence of text.split(/(?<=[.!?…])\s+/)) {
    const last = parts.at(-1);
    if (last !== undefined && last.length + 1 + sentence.length <= UTTERANCE_MAX_CHARS)
      parts[parts.length - 1] = `${last} ${sentence}`;
    else parts.push(sentence);
  }
  return parts;
}

function speakInBrowser(text: string, playback: Playback, events: PlaybackEvents) {
  const synth = "speechSynthesis" in window ? window.speechSynthesis : undefined;
  if (!synth || typeof SpeechSynthesisUtterance === "undefined") {
    events.ended(SPEECH_MESSAGES.notSupported);
    return;
  }
  playback.cleanups.push(() => synth.cancel());
  // Anything still queued (another tab's page, an earlier story) would otherwise be read first.
  synth.cancel();
  const parts = utteranceParts(text);
  parts.forEach((part, index) => {
    const utterance = new SpeechSynthesisUtterance(part);
    utterance.rate = 1;
    if (index === parts.length - 1) utterance.onend = () => events.ended();
    utterance.onerror = (event) => {
      // Our own cancel() (Stop) reports itself as an error; that is not a failure.
      if (event.error !== "canceled" && event.error !== "interrupted")
        events.ended(SPEECH_MESSAGES.playbackFailed);
    };
    synth.speak(utterance);
  });
  events.playing();
}

function playAudio(audioData: Blob, playback: Playback, events: PlaybackEvents) {
  if (typeof Audio === "undefined") {
    events.ended(SPEECH_MESSAGES.notSupported);
    return;
  }
  const url = URL.createObjectURL(audioData);
  const audio = new Audio(url);
  playback.cleanups.push(() => {
    audio.onended = null;
    audio.onerror = null;
    audio.pause();
    URL.revokeObjectURL(url);
  });
  audio.onended = () => events.ended();
  audio.onerror = () => events.ended(SPEECH_MESSAGES.playbackFailed);
  audio.play().then(
    () => events.playing(),
    () => events.ended(SPEECH_MESSAGES.playbackFailed),
  );
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
  const [error, setError] = useState<string>();
  const active = useRef<Playback | null>(null);

  const stop = useCallback(() => {
    if (active.current) endPlayback(active.current);
    active.current = null;
    setStatus("idle");
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text or layer ends the narration of the old one
  useEffect(() => stop, [stop, text, sourceSlug, sourceLayer]);

  const play = useCallback(() => {
    const cleaned = cleanTextForSpeech(text);
    if (!cleaned) return;
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
        if (message) setError(message);
      },
    };

    void (async () => {
      const provider = await speechProvider(queryClient);
      if (playback.ended) return;
      // The server only reads a saved story layer; any other text is for the browser's voice.
      if (provider === "browser" || sourceSlug === undefined || sourceLayer === undefined) {
        speakInBrowser(cleaned, playback, events);
        return;
      }
      let audioData: Blob;
      try {
        audioData = await fetchAudio({
          source: { slug: sourceSlug, layer: sourceLayer },
          signal: playback.controller.signal,
        });
      } catch (failure) {
        if (playback.ended) return;
        // The server dropped its voice service since we asked: the browser can still read.
        if (failure instanceof ApiError && failure.code === "speech_not_configured") {
          speakInBrowser(cleaned, playback, events);
          return;
        }
        events.ended(failure instanceof ApiError ? failure.message : SPEECH_MESSAGES.unavailable);
        return;
      }
      if (!playback.ended) playAudio(audioData, playback, events);
    })();
  }, [text, sourceSlug, sourceLayer, queryClient, fetchAudio]);

  return { status, play, stop, prepare, error };
}
