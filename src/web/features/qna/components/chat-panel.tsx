import { type Ref, useId, useLayoutEffect, useRef } from "react";
import { type ConversationMessage, QNA_MESSAGES } from "../../../../core/schemas/qna";
import { Button } from "../../../components/ui/button";
import { LoadingText } from "../../../components/ui/spinner";
import { useMessages } from "../api/get-messages";
import type { AskOutcome, AskState } from "../hooks/use-ask";
import { type DisplayMessage, MessageList } from "./message-list";
import { QuestionForm } from "./question-form";

const WELCOME: DisplayMessage = {
  key: "welcome",
  id: null,
  type: "ai",
  content: QNA_MESSAGES.welcome,
  status: "done",
  askedLeader: false,
};

/**
 * The open conversation (or a new one, `conversationId` null): the welcome, the saved messages oldest first, the
 * answer being streamed, and the question box. Only the end of an answer is announced, not every piece of it.
 */
export function ChatPanel({
  conversationId,
  title,
  askState,
  onAsk,
  textareaRef,
  className = "",
}: {
  conversationId: string | null;
  title: string | null;
  askState: AskState;
  onAsk: (question: string) => Promise<AskOutcome>;
  textareaRef: Ref<HTMLTextAreaElement>;
  className?: string;
}) {
  const messages = useMessages(conversationId);
  const headingId = useId();
  const scrollRef = useRef<HTMLElement>(null);
  const stickToBottom = useRef(true);
  // The exchange under way belongs to this view: a new conversation's first question, until the server names it.
  const exchange = askState.status !== "idle" && askState.conversationId === conversationId ? askState : null;
  const list = displayMessages(conversationId ? (messages.data ?? []) : [], exchange);
  const last = list.at(-1);

  // Follow the answer as it grows while the reader is at the bottom; leave them be while they read back.
  const followKey = `${conversationId}:${list.length}:${last?.content.length ?? 0}`;
  const shownConversation = useRef(conversationId);
  useLayoutEffect(() => {
    const region = scrollRef.current;
    // Another conversation opens at its end.
    if (shownConversation.current !== conversationId) stickToBottom.current = true;
    shownConversation.current = conversationId;
    if (region && stickToBottom.current && followKey) region.scrollTop = region.scrollHeight;
  }, [followKey, conversationId]);

  // A withheld answer's kind message is read out whole: it is all the reader gets in its place.
  const announcement =
    exchange?.status === "done"
      ? "The AI Helper has answered."
      : exchange?.status === "failed"
        ? "The AI Helper could not answer."
        : exchange?.status === "withheld"
          ? exchange.answer
          : "";

  return (
    <section
      aria-labelledby={headingId}
      className={`flex h-[36rem] min-h-0 flex-col rounded-2xl border border-slate-200 bg-white shadow-sm lg:h-[calc(100vh-13rem)] lg:min-h-[28rem] ${className}`}
    >
      <h2
        id={headingId}
        className="truncate border-b border-slate-200 px-4 py-3 text-lg font-bold text-slate-900"
      >
        {title ?? "New conversation"}
      </h2>
      <section
        ref={scrollRef}
        aria-label="Messages"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it (WCAG 2.1.1)
        tabIndex={0}
        onScroll={(event) => {
          const region = event.currentTarget;
          stickToBottom.current = region.scrollHeight - region.scrollTop - region.clientHeight < 40;
        }}
        className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-4 py-4"
      >
        {conversationId && messages.isPending ? (
          <>
            <MessageList messages={[WELCOME]} />
            <LoadingText>Loading messages...</LoadingText>
          </>
        ) : conversationId && messages.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 text-slate-700">
            <p>We couldn't load the messages. Please try again.</p>
            <Button variant="secondary" onClick={() => messages.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <MessageList messages={[WELCOME, ...list]} conversationId={conversationId} />
        )}
      </section>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <QuestionForm
        streaming={askState.status === "streaming"}
        error={exchange?.status === "refused" ? exchange.error : null}
        onAsk={onAsk}
        textareaRef={textareaRef}
      />
    </section>
  );
}

/**
 * The saved messages, with the exchange under way laid over them: its answer so far in place of the saved (empty)
 * one, or, before the server has saved anything, the question and its answer after them.
 */
function displayMessages(saved: ConversationMessage[], exchange: AskState | null): DisplayMessage[] {
  const list: DisplayMessage[] = saved.map((message) => ({
    key: `message-${message.id}`,
    id: message.id,
    type: message.type,
    content: message.content,
    status: message.status,
    askedLeader: message.askedLeader,
  }));
  if (!exchange || exchange.status === "refused" || exchange.status === "idle") return list;
  const status: DisplayMessage["status"] =
    exchange.status === "streaming" ? "streaming" : exchange.status === "failed" ? "failed" : "done";
  const answerKey = `message-${exchange.aiMessageId}`;
  if (exchange.aiMessageId !== null && list.some((message) => message.key === answerKey))
    return list.map((message) =>
      message.key === answerKey ? { ...message, content: exchange.answer, status } : message,
    );
  return [
    ...list,
    {
      key: "asking",
      id: exchange.userMessageId,
      type: "user",
      content: exchange.question,
      status: "done",
      askedLeader: false,
    },
    // Once the server has saved it (the "started" event), the answer's id is known: 'Ask a leader' can name it.
    {
      key: "answering",
      id: exchange.aiMessageId,
      type: "ai",
      content: exchange.answer,
      status,
      askedLeader: false,
    },
  ];
}
