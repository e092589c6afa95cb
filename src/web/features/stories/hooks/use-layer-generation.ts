import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { STORY_MESSAGES } from "../../../../core/stories/generation-events";
import type { LayerNumber } from "../../../../core/stories/progress";
import { ApiError } from "../../../lib/api-client";
import { setProfileXp } from "../../profile/api/get-profile";
import { streamLayerGeneration } from "../api/generate-layer";
import { storiesQuery } from "../api/get-stories";
import { updateLayer } from "../api/get-story";

export type GenerationState = {
  layer: LayerNumber | null;
  status: "idle" | "streaming" | "error";
  /** The text so far while streaming. */
  text: string;
  error: string | null;
  /** The illustration that follows the text. */
  image: "idle" | "drawing" | "failed";
};

const IDLE: GenerationState = { layer: null, status: "idle", text: "", error: null, image: "idle" };

/**
 * 'Generate Story with AI': streams the layer in piece by piece, then puts the saved text, the XP and
 * the illustration into the cache as the server confirms each. Leaving the page cancels the stream.
 */
export function useLayerGeneration(slug: string) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<GenerationState>(IDLE);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const generate = useCallback(
    async (layer: LayerNumber) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState({ ...IDLE, layer, status: "streaming" });
      let finished = false;
      try {
        await streamLayerGeneration(slug, layer, {
          signal: current.signal,
          onEvent: (event) => {
            switch (event.type) {
              case "delta":
                setState((previous) => ({ ...previous, text: previous.text + event.text }));
                break;
              case "done":
                finished = true;
                updateLayer(queryClient, slug, layer, { content: event.content, imageUrl: null });
                setProfileXp(queryClient, event);
                void queryClient.invalidateQueries({ queryKey: storiesQuery.queryKey, exact: true });
                setState((previous) => ({ ...previous, status: "idle", text: "", image: "drawing" }));
                break;
              case "image":
                updateLayer(queryClient, slug, layer, { imageUrl: event.imageUrl });
                setState((previous) => ({ ...previous, image: "idle" }));
                break;
              case "image_failed":
                setState((previous) => ({ ...previous, image: "failed" }));
                break;
              case "error":
                setState((previous) => ({ ...previous, status: "error", error: event.message }));
                break;
            }
          },
        });
        // The stream ended early without a word from the server: the connection broke.
        if (!finished)
          setState((previous) =>
            previous.status === "streaming"
              ? { ...previous, status: "error", error: STORY_MESSAGES.connectionFailed }
              : previous,
          );
        else
          setState((previous) =>
            previous.image === "drawing" ? { ...previous, image: "failed" } : previous,
          );
      } catch (error) {
        if (current.signal.aborted) return;
        const message = error instanceof ApiError ? error.message : STORY_MESSAGES.generationFailed;
        if (finished) setState((previous) => ({ ...previous, image: "failed" }));
        else setState((previous) => ({ ...previous, status: "error", error: message }));
      }
    },
    [queryClient, slug],
  );

  return { state, generate };
}
