import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { type ConversationSummary, QNA_MESSAGES } from "../../../../core/schemas/qna";
import { ApiError } from "../../../lib/api-client";
import { streamAnswer } from "../api/ask";
import { conversationsKey, moveConversationToTop } from "../api/get-conversations";
import { addMessages, messagesQuery, updateMessage } from "../api/get-messages";

export type AskState = {
  /**
   * idle → streaming → done (the answer is saved) or failed (the AI message reads the spec's failure text) or
   * withheld (moderation stopped the answer; the AI message reads the kind message the server saved instead);
   * refused: the server turned the question down before saving anything (409 while an answer is still written).
   */
  status: "idle" | "streaming" | "done" | "failed" | "withheld" | "refused";
  /** The conversation asked in; null for a first question until the server has created its conversation. */
  conversationId: string | null;
  question: string;
  /** The ids the server gave the question and its answer, once saved. */
  userMessageId: number | null;
  aiMessageId: number | null;
  /** The answer so far, the final answer, the failure text, or the kind message of a withheld answer. */
  answer: string;
  /** Why the question was refused. */
  error: string | null;
};

export type AskOutcome = "answered" | "failed" | "refused" | "cancelled";

const IDLE: AskState = {
  status: "idle",
  conversationId: null,
  question: "",
  userMessageId: null,
  aiMessageId: null,
  answer: "",
  error: null,
};

/**
 * Asking the AI helper: the question and an empty answer show at once, the answer streams in, and the server's
 * saved messages go into the conversation's cache as it confirms them. `onConversation` hears of the
 * conversation a first question created. `cancel` (switching conversation) and leaving the page abort the
 * stream, which cancels the AI call on the server.
 */
export function useAsk({ onConversation }: { onConversation: (conversation: ConversationSummary) => void }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AskState>(IDLE);
  const running = useRef<{ controller: AbortController; conversationId: string | null } | null>(null);
  const onConversationRef = useRef(onConversation);
  useLayoutEffect(() => {
    onConversationRef.current = onConversation;
  });

  useEffect(() => () => running.current?.controller.abort(), []);

  const cancel = useCallback(() => {
    const current = running.current;
    running.current = null;
    setState(IDLE);
    if (!current) return;
    current.controller.abort();
    // The server ends the answer on its own (saved as far as it got, or failed): show its version next time.
    if (current.conversationId)
      void queryClient.invalidateQueries({ queryKey: messagesQuery(current.conversationId).queryKey });
    void queryClient.invalidateQueries({ queryKey: conversationsKey });
  }, [queryClient]);

  const ask = useCallback(
    async (question: string, conversationId: string | null): Promise<AskOutcome> => {
      running.current?.controller.abort();
      const current = { controller: new AbortController(), conversationId };
      running.current = current;
      const isCurrent = () => running.current === current;
      const update = (change: (previous: AskState) => AskState) => {
        if (isCurrent()) setState(change);
      };
      let aiMessageId: number | null = null;
      let finished = false;
      let failed = false;
      const fail = () => {
        finished = true;
        failed = true;
        if (current.conversationId && aiMessageId !== null)
          updateMessage(queryClient, current.conversationId, aiMessageId, {
            content: QNA_MESSAGES.chatFailed,
            status: "failed",
          });
        update((previous) => ({ ...previous, status: "failed", answer: QNA_MESSAGES.chatFailed }));
      };

      setState({ ...IDLE, status: "streaming", conversationId, question });
      try {
        await streamAnswer(
          { question, ...(conversationId ? { conversationId } : {}) },
          {
            signal: current.controller.signal,
            onEvent: (event) => {
              switch (event.type) {
                case "started": {
                  const { conversation, userMessageId } = event;
                  aiMessageId = event.aiMessageId;
                  current.conversationId = conversation.id;
                  const createdAt = conversation.lastMessageAt;
                  addMessages(
                    queryClient,
                    conversation.id,
                    [
                      {
                        id: userMessageId,
                        type: "user",
                        content: question,
                        status: "done",
                        createdAt,
                        askedLeader: false,
                      },
                      {
                        id: event.aiMessageId,
                        type: "ai",
                        content: "",
                        status: "streaming",
                        createdAt,
                        askedLeader: false,
                      },
                    ],
                    { isNew: conversationId === null },
                  );
                  moveConversationToTop(queryClient, conversation);
                  update((previous) => ({
                    ...previous,
                    conversationId: conversation.id,
                    userMessageId,
                    aiMessageId: event.aiMessageId,
                  }));
                  if (isCurrent()) onConversationRef.current(conversation);
                  break;
                }
                case "delta":
                  update((previous) => ({ ...previous, answer: previous.answer + event.text }));
                  break;
                case "done":
                  finished = true;
                  if (current.conversationId && aiMessageId !== null)
                    updateMessage(queryClient, current.conversationId, aiMessageId, {
                      content: event.content,
                      status: "done",
                    });
                  update((previous) => ({ ...previous, status: "done", answer: event.content }));
                  break;
                case "error":
                  fail();
                  break;
                case "withheld":
                  // What was shown of the answer goes; the kind message is what the server saved in its place.
                  finished = true;
                  if (current.conversationId && aiMessageId !== null)
                    updateMessage(queryClient, current.conversationId, aiMessageId, {
                      content: event.message,
                      status: "done",
                    });
                  update((previous) => ({ ...previous, status: "withheld", answer: event.message }));
                  break;
              }
            },
          },
        );
        if (current.controller.signal.aborted) return "cancelled";
        // The stream ended without a last word from the server: the connection broke.
        if (!finished) fail();
        return failed ? "failed" : "answered";
      } catch (error) {
        if (current.controller.signal.aborted) return "cancelled";
        // Turned down before anything was saved: say why, and the question can be sent again.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && aiMessageId === null) {
          update(() => ({ ...IDLE, status: "refused", conversationId, error: error.message }));
          return "refused";
        }
        fail();
        return "failed";
      } finally {
        if (isCurrent()) running.current = null;
        // The sidebar's counts and order follow the latest activity.
        void queryClient.invalidateQueries({ queryKey: conversationsKey });
      }
    },
    [queryClient],
  );

  return { state, ask, cancel };
}
