import { useQueryClient } from "@tanstack/react-query";
import { MessageCircleQuestion } from "lucide-react";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { type ConversationSummary, QNA_MESSAGES } from "../../../../core/schemas/qna";
import { FamilySwitchGate } from "../../family";
import { useConversations } from "../api/get-conversations";
import { messagesQuery } from "../api/get-messages";
import { useRefreshOnLeaderAnswer } from "../api/refresh-on-leader-answer";
import { useAsk } from "../hooks/use-ask";
import { ChatPanel } from "./chat-panel";
import { Sidebar } from "./sidebar";

/** The search parameter naming the open conversation: /qna?c={id}, the link a leader's reply notification uses. */
const CONVERSATION_PARAM = "c";

/** The open conversation's title before the conversations list has said it (opened from a link). */
const UNKNOWN_TITLE = "Conversation";

type Titled = { id: string; title: string };

/** /qna, unless a parent has switched the AI helper off: then their sentence, and no call to the helper. */
export default function QnaPage() {
  return (
    <FamilySwitchGate switchKey="aiHelper" title={QNA_MESSAGES.header}>
      <QnaHelper />
    </FamilySwitchGate>
  );
}

/** The 'Chats' sidebar and the conversation with the AI helper; `?c=` names the open conversation. */
function QnaHelper() {
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedId = searchParams.get(CONVERSATION_PARAM) || null;
  // The router applies a change of address a moment later (a transition): the conversation chosen here shows at
  // once, until the address has caught up. Any later change of address (the bell) wins.
  const [chosen, setChosen] = useState<{ id: string | null; from: string | null } | null>(null);
  if (chosen && chosen.from !== linkedId) setChosen(null);
  const conversationId = chosen && chosen.from === linkedId ? chosen.id : linkedId;
  // The title of the conversation opened here (chosen, renamed, or created by a first question).
  const [titled, setTitled] = useState<Titled | null>(null);
  const questionRef = useRef<HTMLTextAreaElement>(null);
  useRefreshOnLeaderAnswer();

  // Replace, not push: Back leaves the Q&A rather than stepping through every conversation looked at.
  const showConversation = (id: string | null) => {
    setChosen({ id, from: linkedId });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(CONVERSATION_PARAM, id);
        else next.delete(CONVERSATION_PARAM);
        return next;
      },
      { replace: true },
    );
  };

  // A first question's conversation opens as soon as the server has created it.
  const { state, ask, cancel } = useAsk({
    onConversation: (conversation) => {
      setTitled({ id: conversation.id, title: conversation.title });
      showConversation(conversation.id);
    },
  });

  // Opened from a link (the bell), the title comes from the list of all conversations.
  const titleKnown = titled?.id === conversationId;
  const allConversations = useConversations({}, { enabled: conversationId !== null && !titleKnown });
  const listedTitle = allConversations.data?.pages
    .flatMap((page) => page.conversations)
    .find((conversation) => conversation.id === conversationId)?.title;
  const title = conversationId === null ? null : titleKnown ? titled.title : (listedTitle ?? UNKNOWN_TITLE);

  // Another conversation opened from outside the page (the bell, while here): an answer being written for the one
  // left stops, as when another conversation is chosen in the sidebar.
  const leftConversation = useEffectEvent((openedId: string | null) => {
    if (state.status === "streaming" && state.conversationId !== openedId) cancel();
  });
  useEffect(() => leftConversation(conversationId), [conversationId]);

  // A conversation opened from a link is read afresh, even if seen moments ago: the link is usually a leader's
  // reply that arrived while this page was closed.
  const openedFromLink = useRef(conversationId);
  useEffect(() => {
    const linked = openedFromLink.current;
    if (!linked) return;
    const { queryKey } = messagesQuery(linked);
    const cached = queryClient.getQueryState(queryKey);
    if (cached?.data !== undefined && cached.fetchStatus === "idle")
      void queryClient.invalidateQueries({ queryKey });
  }, [queryClient]);

  const open = (conversation: ConversationSummary) => {
    if (conversation.id === conversationId) return;
    cancel();
    setTitled({ id: conversation.id, title: conversation.title });
    showConversation(conversation.id);
  };

  const startNew = () => {
    cancel();
    showConversation(null);
    questionRef.current?.focus();
  };

  return (
    <div className="grid gap-4 lg:grid-cols-[18rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
      <title>{`${QNA_MESSAGES.header} · Lamplight`}</title>
      <div className="flex items-center gap-3 lg:col-start-2 lg:row-start-1">
        <MessageCircleQuestion aria-hidden="true" className="size-8 shrink-0 text-indigo-700" />
        <div>
          <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl">{QNA_MESSAGES.header}</h1>
          <p className="text-slate-700">
            Ask about the people, the lessons and what happened in the stories.
          </p>
        </div>
      </div>
      <Sidebar
        className="lg:col-start-1 lg:row-span-2 lg:row-start-1"
        selectedId={conversationId}
        onSelect={open}
        onNewConversation={startNew}
        onRenamed={(conversation) => {
          if (conversation.id === conversationId)
            setTitled({ id: conversation.id, title: conversation.title });
        }}
        onDeleted={(deletedId) => {
          if (deletedId !== conversationId) return;
          cancel();
          showConversation(null);
        }}
      />
      <ChatPanel
        className="lg:col-start-2 lg:row-start-2"
        conversationId={conversationId}
        title={title}
        askState={state}
        onAsk={(question) => ask(question, conversationId)}
        textareaRef={questionRef}
      />
    </div>
  );
}
