import { createParser } from "eventsource-parser";
import {
  type GenerationEvent,
  generationEventSchema,
  STORY_MESSAGES,
} from "../../../../core/stories/generation-events";
import type { LayerNumber } from "../../../../core/stories/progress";
import { ApiError, api, unwrap } from "../../../lib/api-client";

/**
 * Starts a layer's generation and hands each event of the stream to `onEvent` as it arrives.
 * Refusals before the stream (locked, unreached, signed out) throw an ApiError with the server's message;
 * a connection lost mid-stream throws the spec's connection text.
 */
export async function streamLayerGeneration(
  slug: string,
  layer: LayerNumber,
  { signal, onEvent }: { signal: AbortSignal; onEvent: (event: GenerationEvent) => void },
): Promise<void> {
  const request = api.stories[":slug"].layers[":layer"].generate.$post(
    { param: { slug, layer: String(layer) } },
    { init: { signal } },
  );
  const response = await request.catch((error: unknown) => {
    if (signal.aborted) throw error;
    throw new ApiError(STORY_MESSAGES.connectionFailed, 0, "network");
  });
  if (!response.ok || !response.body) {
    await unwrap(Promise.resolve(response));
    throw new ApiError(STORY_MESSAGES.generationFailed, response.status);
  }
  const parser = createParser({
    onEvent(message) {
      const parsed = generationEventSchema.safeParse(JSON.parse(message.data));
      if (parsed.success && parsed.data.type !== "ping") onEvent(parsed.data);
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(value);
    }
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(STORY_MESSAGES.connectionFailed, 0, "network");
  }
}
