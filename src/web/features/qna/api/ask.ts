import { type AskEvent, askEventSchema, QNA_MESSAGES } from "../../../../core/schemas/qna";
import { ApiError, api, unwrap } from "../../../lib/api-client";
import { readEventStream, type StreamEvent } from "../../../lib/read-event-stream";

export type StreamedAskEvent = StreamEvent<AskEvent>;

/**
 * Asks a question and hands each event of the answer to `onEvent` as it arrives. Refusals before the stream
 * (a blank question, an answer still being written: 409) throw an ApiError with the server's message; a
 * connection that fails or breaks throws one with the spec's chat failure text.
 */
export async function streamAnswer(
  question: { question: string; conversationId?: string },
  { signal, onEvent }: { signal: AbortSignal; onEvent: (event: StreamedAskEvent) => void },
): Promise<void> {
  const response = await api.qna.ask
    .$post({ json: question }, { init: { signal } })
    .catch((error: unknown) => {
      if (signal.aborted) throw error;
      throw new ApiError(QNA_MESSAGES.chatFailed, 0, "network");
    });
  if (!response.ok || !response.body) {
    await unwrap(Promise.resolve(response));
    throw new ApiError(QNA_MESSAGES.chatFailed, response.status);
  }
  try {
    for await (const event of readEventStream(response, askEventSchema)) onEvent(event);
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(QNA_MESSAGES.chatFailed, 0, "network");
  }
}
