import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { ConversationMessage } from "../../../../core/schemas/qna";
import { api, unwrap } from "../../../lib/api-client";

/** A conversation's messages, oldest first. */
export const messagesQuery = (conversationId: string) =>
  queryOptions({
    queryKey: ["qna", "messages", conversationId],
    queryFn: async ({ signal }): Promise<ConversationMessage[]> =>
      (
        await unwrap(
          api.qna.conversations[":id"].messages.$get({ param: { id: conversationId } }, { init: { signal } }),
        )
      ).messages,
  });

/** No conversation yet (a new one): nothing to ask the server for. */
export function useMessages(conversationId: string | null) {
  return useQuery({ ...messagesQuery(conversationId ?? ""), enabled: conversationId !== null });
}

/**
 * Adds the messages the server just saved to a conversation's history, once each. A conversation it has just
 * created starts its history with them; one whose history is still loading gets them from the server.
 */
export function addMessages(
  queryClient: QueryClient,
  conversationId: string,
  added: ConversationMessage[],
  { isNew }: { isNew: boolean },
) {
  queryClient.setQueryData(messagesQuery(conversationId).queryKey, (messages) => {
    if (!messages) return isNew ? added : messages;
    const known = new Set(messages.map((message) => message.id));
    return [...messages, ...added.filter((message) => !known.has(message.id))];
  });
}

export function updateMessage(
  queryClient: QueryClient,
  conversationId: string,
  messageId: number,
  change: Partial<ConversationMessage>,
) {
  queryClient.setQueryData(messagesQuery(conversationId).queryKey, (messages) =>
    messages?.map((message) => (message.id === messageId ? { ...message, ...change } : message)),
  );
}
