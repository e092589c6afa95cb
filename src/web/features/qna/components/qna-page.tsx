import { MessageCircleQuestion } from "lucide-react";
import { useRef, useState } from "react";
import { type ConversationSummary, QNA_MESSAGES } from "../../../../core/schemas/qna";
import { useAsk } from "../hooks/use-ask";
import { ChatPanel } from "./chat-panel";
import { Sidebar } from "./sidebar";

type Selected = { id: string; title: string };

/** /qna: the 'Chats' sidebar and the conversation with the AI helper. */
export default function QnaPage() {
  const [selected, setSelected] = useState<Selected | null>(null);
  const questionRef = useRef<HTMLTextAreaElement>(null);
  // A first question's conversation opens as soon as the server has created it.
  const { state, ask, cancel } = useAsk({
    onConversation: (conversation) => setSelected({ id: conversation.id, title: conversation.title }),
  });

  const open = (conversation: ConversationSummary) => {
    if (conversation.id === selected?.id) return;
    cancel();
    setSelected({ id: conversation.id, title: conversation.title });
  };

  const startNew = () => {
    cancel();
    setSelected(null);
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
        selectedId={selected?.id ?? null}
        onSelect={open}
        onNewConversation={startNew}
        onRenamed={(conversation) => {
          if (conversation.id === selected?.id)
            setSelected({ id: conversation.id, title: conversation.title });
        }}
        onDeleted={(conversationId) => {
          if (conversationId !== selected?.id) return;
          cancel();
          setSelected(null);
        }}
      />
      <ChatPanel
        className="lg:col-start-2 lg:row-start-2"
        conversationId={selected?.id ?? null}
        title={selected?.title ?? null}
        askState={state}
        onAsk={(question) => ask(question, selected?.id ?? null)}
        textareaRef={questionRef}
      />
    </div>
  );
}
