import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  SPEECH_MESSAGES,
  type SpeechProvider,
  type SpeechSource,
} from "../../../../core/stories/speech-text";
import { createQueryClient } from "../../../app/query-client";
import { renderWithApp } from "../../../test/render";
import { useNarration, utterancesFrom } from "../hooks/use-narration";
import { NarrationControls } from "./narration-controls";

type SpeechCall = { body: unknown; credentials?: RequestCredentials; signal?: AbortSignal | null };

/**
 * The API behind the page: GET /api/speech says who reads, POST /api/speech answers with `speech`
 * (MPEG bytes unless a test says otherwise).
 */
function stubApi(provider: SpeechProvider, speech?: (signal: AbortSignal) => Response | Promise<Response>) {
  const posts: SpeechCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { pathname } = new URL(String(input), "http://localhost");
      const method = init?.method ?? "GET";
      if (method === "GET" && pathname === "/api/speech") return Response.json({ provider });
      if (method === "POST" && pathname === "/api/speech") {
        posts.push({
          body: JSON.parse(String(init?.body)),
          credentials: init?.credentials,
          signal: init?.signal,
        });
        if (speech && init?.signal) return speech(init.signal);
        return new Response(new Uint8Array([0xff, 0xfb, 0x90, 0x64]), {
          headers: { "content-type": "audio/mpeg" },
        });
      }
      return Response.json({ error: { code: "not_found", message: "Not found" } }, { status: 404 });
    }),
  );
  return posts;
}

/** An Audio element that plays at once and finishes when the test says so. */
function stubAudio() {
  const players: FakeAudio[] = [];
  class FakeAudio {
    onended: (() => void) | null = null;
    onerror: (() => void) | null = null;
    paused = true;
    constructor(readonly src: string) {
      players.push(this);
    }
    play = vi.fn(async () => {
      this.paused = false;
    });
    pause = vi.fn(() => {
      this.paused = true;
    });
    finish() {
      this.paused = true;
      this.onended?.();
    }
  }
  vi.stubGlobal("Audio", FakeAudio);
  let count = 0;
  const urls = {
    created: [] as string[],
    revoked: [] as string[],
  };
  Object.defineProperty(URL, "createObjectURL", {
    configurable: true,
    value: () => {
      const url = `blob:http://localhost/narration-${++count}`;
      urls.created.push(url);
      return url;
    },
  });
  Object.defineProperty(URL, "revokeObjectURL", {
    configurable: true,
    value: (url: string) => urls.revoked.push(url),
  });
  return { players, urls };
}

/** The browser's Web Speech API: speak() queues, cancel() empties the queue as browsers do. */
function stubBrowserVoice() {
  const spoken: FakeUtterance[] = [];
  class FakeUtterance {
    rate = 0.7;
    onend: (() => void) | null = null;
    onerror: ((event: { error: string }) => void) | null = null;
    constructor(readonly text: string) {}
  }
  const synth = {
    speak: vi.fn((utterance: FakeUtterance) => spoken.push(utterance)),
    cancel: vi.fn(() => {
      for (const utterance of spoken.splice(0)) utterance.onerror?.({ error: "interrupted" });
    }),
  };
  vi.stubGlobal("speechSynthesis", synth);
  vi.stubGlobal("SpeechSynthesisUtterance", FakeUtterance);
  return {
    synth,
    spoken,
    /** The browser reaches the end of everything queued. */
    finishAll() {
      for (const utterance of spoken.splice(0)) utterance.onend?.();
    },
  };
}

const story = "## 📖 The Son Who Came Home\n\nHis father **ran** to meet him. (Luke 15:20)";
const spokenStory = "The Son Who Came Home. His father ran to meet him. (Luke 15:20)";
/** The saved story layer `story` shows: what the server's voice is asked to read. */
const source: SpeechSource = { slug: "the-prodigal-son", layer: 2 };

const playButton = () => screen.getByRole("button", { name: "Play narration" });
const stopButton = () => screen.getByRole("button", { name: "Stop narration" });

afterEach(() => {
  Reflect.deleteProperty(URL, "createObjectURL");
  Reflect.deleteProperty(URL, "revokeObjectURL");
});

describe("NarrationControls with the server's voice", () => {
  let audio: ReturnType<typeof stubAudio>;
  beforeEach(() => {
    audio = stubAudio();
  });

  it("asks the server to read the saved story layer and is Ready again when the audio ends", async () => {
    const posts = stubApi("elevenlabs");
    const { user } = renderWithApp(<NarrationControls text={story} source={source} />);
    expect(screen.getByText("Ready")).toBeInTheDocument();

    await user.click(playButton());
    expect(await screen.findByText("Playing")).toBeInTheDocument();
    expect(posts).toEqual([
      {
        body: { slug: "the-prodigal-son", layer: 2 },
        credentials: "same-origin",
        signal: expect.any(AbortSignal),
      },
    ]);
    expect(audio.players).toHaveLength(1);
    expect(audio.players[0]?.src).toBe(audio.urls.created[0]);
    expect(audio.players[0]?.play).toHaveBeenCalled();

    act(() => audio.players[0]?.finish());
    expect(screen.getByText("Ready")).toBeInTheDocument();
    expect(audio.urls.revoked).toEqual(audio.urls.created);
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("stops playback and frees the audio when Stop is pressed", async () => {
    stubApi("elevenlabs");
    const { user } = renderWithApp(<NarrationControls text={story} source={source} />);
    await user.click(playButton());
    await screen.findByText("Playing");
    expect(playButton()).toHaveAttribute("aria-disabled", "true");

    await user.click(stopButton());
    expect(screen.getByText("Ready")).toBeInTheDocument();
    expect(audio.players[0]?.pause).toHaveBeenCalled();
    expect(audio.urls.revoked).toEqual(audio.urls.created);
    expect(stopButton()).toHaveAttribute("aria-disabled", "true");
    expect(stopButton()).toHaveFocus();
  });

  it("cancels a request still on its way when Stop is pressed", async () => {
    const posts = stubApi(
      "elevenlabs",
      (signal) =>
        new Promise<Response>((_resolve, reject) =>
          signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
        ),
    );
    const { user } = renderWithApp(<NarrationControls text={story} source={source} />);
    await user.click(playButton());
    expect(await screen.findByText("Loading…")).toBeInTheDocument();
    expect(playButton()).toHaveAttribute("aria-busy", "true");

    await user.click(stopButton());
    expect(screen.getByText("Ready")).toBeInTheDocument();
    expect(posts[0]?.signal?.aborted).toBe(true);
    expect(audio.players).toHaveLength(0);
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("says 'TTS service unavailable' when the voice service fails", async () => {
    stubApi("elevenlabs", () =>
      Response.json(
        { error: { code: "tts_unavailable", message: "TTS service unavailable" } },
        { status: 502 },
      ),
    );
    const { user } = renderWithApp(<NarrationControls text={story} source={source} />);
    await user.click(playButton());
    expect(await screen.findByRole("status")).toHaveTextContent("TTS service unavailable");
    expect(screen.getByText("Ready")).toBeInTheDocument();
    expect(audio.players).toHaveLength(0);
  });

  it("says so when the server has no saved text for the layer", async () => {
    stubApi("elevenlabs", () =>
      Response.json(
        { error: { code: "no_story_text", message: SPEECH_MESSAGES.noStoryText } },
        { status: 404 },
      ),
    );
    const voice = stubBrowserVoice();
    const { user } = renderWithApp(<NarrationControls text={story} source={source} />);
    await user.click(playButton());
    expect(await screen.findByRole("status")).toHaveTextContent(SPEECH_MESSAGES.noStoryText);
    expect(screen.getByText("Ready")).toBeInTheDocument();
    expect(voice.synth.speak).not.toHaveBeenCalled();
  });

  it("reads text that is no saved story layer with the browser's voice, never through the server", async () => {
    const posts = stubApi("elevenlabs");
    const voice = stubBrowserVoice();
    const { user } = renderWithApp(<NarrationControls text={story} />);
    await user.click(playButton());
    expect(await screen.findByText("Playing")).toBeInTheDocument();
    expect(voice.spoken.map((utterance) => utterance.text).join(" ")).toBe(spokenStory);
    expect(posts).toHaveLength(0);
    expect(audio.players).toHaveLength(0);
  });

  it("says so when the audio cannot be played", async () => {
    stubApi("elevenlabs");
    const { user } = renderWithApp(<NarrationControls text={story} source={source} />);
    await user.click(playButton());
    await screen.findByText("Playing");
    act(() => audio.players[0]?.onerror?.());
    expect(screen.getByRole("status")).toHaveTextContent(SPEECH_MESSAGES.playbackFailed);
    expect(audio.urls.revoked).toEqual(audio.urls.created);
  });

  it("falls back to the browser's voice when the server no longer has one", async () => {
    stubApi("elevenlabs", () =>
      Response.json(
        { error: { code: "speech_not_configured", message: SPEECH_MESSAGES.notConfigured } },
        { status: 404 },
      ),
    );
    const voice = stubBrowserVoice();
    const { user } = renderWithApp(<NarrationControls text={story} source={source} />);
    await user.click(playButton());
    expect(await screen.findByText("Playing")).toBeInTheDocument();
    expect(voice.spoken.map((utterance) => utterance.text).join(" ")).toBe(spokenStory);
  });
});

describe("NarrationControls with the browser's voice", () => {
  it("speaks the cleaned text at rate 1 and is Ready when it has finished", async () => {
    const posts = stubApi("browser");
    const voice = stubBrowserVoice();
    const { user } = renderWithApp(<NarrationControls text={story} source={source} />);
    await user.click(playButton());
    expect(await screen.findByText("Playing")).toBeInTheDocument();
    expect(voice.spoken.map((utterance) => utterance.text).join(" ")).toBe(spokenStory);
    expect(voice.spoken.every((utterance) => utterance.rate === 1)).toBe(true);
    expect(posts).toHaveLength(0);

    act(() => voice.finishAll());
    expect(screen.getByText("Ready")).toBeInTheDocument();
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("silences the voice when Stop is pressed, without reporting an error", async () => {
    stubApi("browser");
    const voice = stubBrowserVoice();
    const { user } = renderWithApp(<NarrationControls text={story} />);
    await user.click(playButton());
    await screen.findByText("Playing");
    await user.click(stopButton());
    expect(voice.synth.cancel).toHaveBeenCalledTimes(2);
    expect(voice.spoken).toHaveLength(0);
    expect(screen.getByText("Ready")).toBeInTheDocument();
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("tells the reader kindly when the browser cannot read aloud", async () => {
    stubApi("browser");
    const { user } = renderWithApp(<NarrationControls text={story} />);
    await user.click(playButton());
    expect(await screen.findByRole("status")).toHaveTextContent(SPEECH_MESSAGES.notSupported);
    expect(screen.getByText("Ready")).toBeInTheDocument();
  });
});

describe("NarrationControls without text", () => {
  it("offers neither button while there is nothing to read", () => {
    stubApi("browser");
    renderWithApp(<NarrationControls text={"## 📖 **  ** ⚡"} />);
    expect(playButton()).toBeDisabled();
    expect(stopButton()).toBeDisabled();
    expect(screen.getByText("Ready")).toBeInTheDocument();
  });
});

describe("useNarration", () => {
  function renderNarration(initialText: string, initialSource: SpeechSource | undefined = source) {
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    return renderHook(
      ({ text, source: layerSource }: { text: string; source?: SpeechSource }) =>
        useNarration(text, layerSource),
      { wrapper, initialProps: { text: initialText, source: initialSource } },
    );
  }

  it("does nothing when the text is empty after cleaning", async () => {
    const posts = stubApi("elevenlabs");
    const voice = stubBrowserVoice();
    const { result } = renderNarration("** 🤔 **");
    act(() => result.current.play());
    expect(result.current.status).toBe("idle");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(posts).toHaveLength(0);
    expect(voice.synth.speak).not.toHaveBeenCalled();
  });

  it("stops playback when the page goes away", async () => {
    stubApi("elevenlabs");
    const audio = stubAudio();
    const { result, unmount } = renderNarration(story);
    act(() => result.current.play());
    await waitFor(() => expect(result.current.status).toBe("playing"));
    unmount();
    expect(audio.players[0]?.pause).toHaveBeenCalled();
    expect(audio.urls.revoked).toEqual(audio.urls.created);
  });

  it("stops the browser's voice when the page goes away", async () => {
    stubApi("browser");
    const voice = stubBrowserVoice();
    const { result, unmount } = renderNarration(story);
    act(() => result.current.play());
    await waitFor(() => expect(result.current.status).toBe("playing"));
    unmount();
    expect(voice.spoken).toHaveLength(0);
  });

  it("stops the old narration when the text changes", async () => {
    stubApi("elevenlabs");
    const audio = stubAudio();
    const { result, rerender } = renderNarration(story);
    act(() => result.current.play());
    await waitFor(() => expect(result.current.status).toBe("playing"));
    rerender({ text: "A new layer to read.", source: { slug: source.slug, layer: 3 } });
    expect(result.current.status).toBe("idle");
    expect(audio.players[0]?.pause).toHaveBeenCalled();
  });

  it("stops the old narration when the layer changes, even with the same words", async () => {
    stubApi("elevenlabs");
    const audio = stubAudio();
    const { result, rerender } = renderNarration(story);
    act(() => result.current.play());
    await waitFor(() => expect(result.current.status).toBe("playing"));
    rerender({ text: story, source: { slug: source.slug, layer: 3 } });
    expect(result.current.status).toBe("idle");
    expect(audio.players[0]?.pause).toHaveBeenCalled();
  });

  it("keeps playing when the page hands over an equal source again", async () => {
    stubApi("elevenlabs");
    const audio = stubAudio();
    const { result, rerender } = renderNarration(story);
    act(() => result.current.play());
    await waitFor(() => expect(result.current.status).toBe("playing"));
    rerender({ text: story, source: { ...source } });
    expect(result.current.status).toBe("playing");
    expect(audio.players[0]?.pause).not.toHaveBeenCalled();
  });

  it("plays only the latest press when Play is pressed again", async () => {
    stubApi("elevenlabs");
    const audio = stubAudio();
    const { result } = renderNarration(story);
    act(() => {
      result.current.play();
      result.current.play();
    });
    await waitFor(() => expect(result.current.status).toBe("playing"));
    expect(audio.players).toHaveLength(1);
  });
});

describe("useNarration's read-along", () => {
  // Sentences: 0 "The Son Who Came Home", 1 "His father ran to meet him.", 2 "(Luke 15:20).", 3 "He was glad."
  const layer = `${story}. He was glad.`;

  function renderNarration() {
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    return renderHook(() => useNarration(layer, source), { wrapper });
  }

  it("with the browser's voice: starts at the sentence asked for and follows each utterance and word", async () => {
    stubApi("browser");
    const voice = stubBrowserVoice();
    const { result } = renderNarration();
    act(() => result.current.play(1));
    await waitFor(() => expect(result.current.status).toBe("playing"));
    expect(voice.spoken.map((utterance) => utterance.text).join(" ")).toBe(
      "His father ran to meet him. (Luke 15:20). He was glad.",
    );
    expect(result.current.sentence).toBe(1);
    const [utterance] = voice.spoken as unknown as {
      onboundary: (event: { charIndex: number }) => void;
      onstart: () => void;
    }[];
    act(() => utterance?.onboundary({ charIndex: "His father ran to meet him. (Luke".length }));
    expect(result.current.sentence).toBe(2);
    act(() => utterance?.onboundary({ charIndex: "His father ran to meet him. (Luke 15:20). He".length }));
    expect(result.current.sentence).toBe(3);
    act(() => voice.finishAll());
    expect(result.current.sentence).toBeNull();
  });

  it("with the server's voice: follows the audio's time by the narration's timings", async () => {
    stubApi("elevenlabs");
    const timings = vi.fn(() => Response.json({ starts: [0, 1.5, null, 4] }));
    const speechApi = vi.mocked(fetch);
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        String(input).startsWith("/api/speech/timings") ? timings() : speechApi(input, init),
      ),
    );
    const audio = stubAudio();
    const { result } = renderNarration();
    act(() => result.current.play());
    await waitFor(() => expect(result.current.status).toBe("playing"));
    await waitFor(() => expect(timings).toHaveBeenCalled());
    expect(String(vi.mocked(fetch).mock.calls.at(-1)?.[0])).toBe(
      `/api/speech/timings?slug=${source.slug}&layer=${source.layer}`,
    );
    const player = audio.players[0] as unknown as {
      currentTime: number;
      duration: number;
      ontimeupdate: () => void;
    };
    player.duration = 6;
    const at = async (seconds: number) => {
      player.currentTime = seconds;
      await act(async () => player.ontimeupdate());
    };
    await at(0.5);
    expect(result.current.sentence).toBe(0);
    await at(2);
    expect(result.current.sentence).toBe(1);
    // The sentence the timings did not show is placed between its neighbours (1.5 and 4): from 2.75.
    await at(3);
    expect(result.current.sentence).toBe(2);
    await at(4.2);
    expect(result.current.sentence).toBe(3);
  });
});

describe("utterancesFrom", () => {
  it("speaks long text a few sentences at a time, keeping every word in order and where each sentence starts", () => {
    const sentences = Array.from({ length: 30 }, (_, index) => `Sentence number ${index + 1} is here.`);
    const parts = utterancesFrom(sentences);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((part) => part.text.length <= 220)).toBe(true);
    expect(parts.map((part) => part.text).join(" ")).toBe(sentences.join(" "));
    for (const part of parts)
      for (const { index, offset } of part.sentences)
        expect(part.text.slice(offset).startsWith(sentences[index] as string)).toBe(true);
  });

  it("keeps a short text whole, and leaves out sentences with nothing to say", () => {
    expect(utterancesFrom(["Jesus wept.", "", "(John 11:35)"])).toEqual([
      {
        text: "Jesus wept. (John 11:35)",
        sentences: [
          { index: 0, offset: 0 },
          { index: 2, offset: 12 },
        ],
      },
    ]);
  });

  it("starts at the sentence asked for", () => {
    expect(utterancesFrom(["One.", "Two.", "Three."], 1).map((part) => part.text)).toEqual(["Two. Three."]);
  });
});
