import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { LayerNumber } from "../../../../core/stories/layers";
import { STORY_MESSAGES } from "../../../../core/stories/story-messages";
import { ApiError } from "../../../lib/api-client";
import { preload } from "../../../lib/preload";
import { refreshLearningToday } from "../../learning";
import { setProfileXp } from "../../profile";
import { storiesQuery } from "../api/get-stories";
import { updateLayer } from "../api/get-story";

// The stream's reader and its event schemas (zod) load when a generation starts: a story page shows itself,
// and its saved layers, without them.
const loadGenerateLayer = () => import("../api/generate-layer");

export type GenerationState = {
  layer: LayerNumber | null;
  /** idle → streaming → done (text saved) or error. */
  status: "idle" | "streaming" | "done" | "error";
  /** The text so far while streaming. */
  text: string;
  error: string | null;
  /** The illustration that follows the text. */
  image: "idle" | "drawing" | "failed";
};

const IDLE: GenerationState = { layer: null, status: "idle", text: "", error: null, image: "idle" };

/**
 * 'Generate Story with AI': streams the layer in piece by piece, then puts the saved text, the XP and
 * the illustration into the cache as the server confirms each. A new generation cancels a text still
 * streaming but lets an earlier layer's picture finish; leaving the page cancels everything. `prepare`
 * starts loading the stream's reader as the reader reaches for the button.
 */
export function useLayerGeneration(slug: string) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<GenerationState>(IDLE);
  const latest = useRef<AbortController | null>(null);
  const running = useRef(new Set<AbortController>());
  const streamingText = useRef<AbortController | null>(null);

  useEffect(() => {
    const controllers = running.current;
    return () => {
      for (const controller of controllers) controller.abort();
    };
  }, []);

  const generate = useCallback(
    async (layer: LayerNumber) => {
      streamingText.current?.abort();
      const current = new AbortController();
      latest.current = current;
      streamingText.current = current;
      running.current.add(current);
      // Only the latest generation speaks for the page; earlier ones still fill the cache.
      const update = (change: (previous: GenerationState) => GenerationState) => {
        if (latest.current === current) setState(change);
      };
      setState({ ...IDLE, layer, status: "streaming" });
      let finished = false;
      try {
        const { streamLayerGeneration } = await loadGenerateLayer().catch(() => {
          throw new ApiError(STORY_MESSAGES.connectionFailed, 0, "network");
        });
        await streamLayerGeneration(slug, layer, {
          signal: current.signal,
          onEvent: (event) => {
            switch (event.type) {
              case "delta":
                update((previous) => ({ ...previous, text: previous.text + event.text }));
                break;
              case "done":
                finished = true;
                if (streamingText.current === current) streamingText.current = null;
                updateLayer(queryClient, slug, layer, { content: event.content, imageUrl: null });
                setProfileXp(queryClient, event);
                refreshLearningToday(queryClient);
                void queryClient.invalidateQueries({ queryKey: storiesQuery.queryKey, exact: true });
                update((previous) => ({ ...previous, status: "done", text: "", image: "drawing" }));
                break;
              case "image":
                updateLayer(queryClient, slug, layer, { imageUrl: event.imageUrl });
                update((previous) => ({ ...previous, image: "idle" }));
                break;
              case "image_failed":
                update((previous) => ({ ...previous, image: "failed" }));
                break;
              case "error":
                update((previous) => ({ ...previous, status: "error", error: event.message }));
                break;
              case "withheld":
                // Moderation stopped the text: what was shown of it goes, and the kind message takes its place
                // where a failure would show (announced), with the button to try again.
                if (streamingText.current === current) streamingText.current = null;
                update((previous) => ({ ...previous, status: "error", text: "", error: event.message }));
                break;
            }
          },
        });
        // The stream ended without a word from the server: the connection broke.
        update((previous) =>
          previous.status === "streaming"
            ? { ...previous, status: "error", error: STORY_MESSAGES.connectionFailed }
            : previous.image === "drawing"
              ? { ...previous, image: "failed" }
              : previous,
        );
      } catch (error) {
        if (current.signal.aborted) return;
        const message = error instanceof ApiError ? error.message : STORY_MESSAGES.generationFailed;
        update((previous) =>
          finished ? { ...previous, image: "failed" } : { ...previous, status: "error", error: message },
        );
      } finally {
        running.current.delete(current);
        if (streamingText.current === current) streamingText.current = null;
      }
    },
    [queryClient, slug],
  );

  return { state, generate, prepare: preload(loadGenerateLayer) };
}
