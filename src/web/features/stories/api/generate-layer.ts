import {
  type GenerationEvent,
  generationEventSchema,
  STORY_MESSAGES,
} from "../../../../core/stories/generation-events";
import type { LayerNumber } from "../../../../core/stories/progress";
import { ApiError, api, unwrap } from "../../../lib/api-client";
import { readEventStream, type StreamEvent } from "../../../lib/read-event-stream";

/**
 * Starts a layer's generation and hands each event of the stream to `onEvent` as it arrives.
 * Refusals before the stream (locked, unreached, signed out) throw an ApiError with the server's message;
 * a connection lost mid-stream throws the spec's connection text.
 */
export async function streamLayerGeneration(
  slug: string,
  layer: LayerNumber,
  { signal, onEvent }: { signal: AbortSignal; onEvent: (event: StreamEvent<GenerationEvent>) => void },
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
  try {
    for await (const event of readEventStream(response, generationEventSchema)) onEvent(event);
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(STORY_MESSAGES.connectionFailed, 0, "network");
  }
}
