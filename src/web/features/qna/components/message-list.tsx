import { ShieldCheck } from "lucide-react";
import { LEADER_QUESTION_MESSAGES } from "../../../../core/schemas/leader-questions";
import { QNA_MESSAGES } from "../../../../core/schemas/qna";
import { Lumi } from "../../../components/lumi";
import { AnswerText } from "./answer-text";
import { AskLeader, offersAskLeader } from "./ask-leader";

export type DisplayMessage = {
  key: string;
  /** The saved message's id; null for what the server has not saved (the welcome, a question on its way). */
  id: number | null;
  type: "user" | "ai" | "leader";
  content: string;
  status: "streaming" | "done" | "failed";
  /** An answer whose question the reader has sent to the leaders. */
  askedLeader: boolean;
};

/**
 * The conversation as bubbles, oldest first: the reader's questions on the right, the helper's answers and the
 * leaders' replies on the left. `conversationId` is null for a conversation the server has not created yet.
 */
export function MessageList({
  messages,
  conversationId = null,
}: {
  messages: DisplayMessage[];
  conversationId?: string | null;
}) {
  return (
    <ol className="flex flex-col gap-4">
      {messages.map((message) =>
        message.type === "user" ? (
          <li key={message.key} className="flex justify-end">
            <div className="max-w-[85%] rounded-2xl rounded-br-sm bg-indigo-700 px-4 py-2 text-white">
              <span className="sr-only">You: </span>
              <p className="whitespace-pre-wrap break-words">{message.content}</p>
            </div>
          </li>
        ) : message.type === "leader" ? (
          <li key={message.key} className="flex items-start gap-2">
            {/* Decorative: the bubble names 'A leader' in words. */}
            <span className="mt-1 flex size-10 shrink-0 items-center justify-center rounded-full bg-teal-100 text-teal-800">
              <ShieldCheck aria-hidden="true" className="size-6" />
            </span>
            <div className="min-w-0 max-w-[85%] rounded-2xl rounded-tl-sm border-2 border-teal-600 bg-teal-50 px-4 py-3 text-slate-900">
              {/* Never the leader's username: children see who answered only as 'A leader'. */}
              <p className="mb-1 text-sm font-bold text-teal-900">
                {LEADER_QUESTION_MESSAGES.leaderName}
                <span className="sr-only">: </span>
              </p>
              {/* Plain text as the leader wrote it: React escapes it, and the line breaks stay. */}
              <p className="whitespace-pre-wrap break-words">{message.content}</p>
            </div>
          </li>
        ) : (
          <li key={message.key} className="flex items-start gap-2">
            {/* The helper is Lumi; decorative, as "AI Helper:" is read before each answer. */}
            <span className="mt-1 flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100">
              <Lumi mood={message.status === "streaming" ? "thinking" : "happy"} size={36} />
            </span>
            <div className="flex min-w-0 max-w-[85%] flex-col items-start gap-2">
              <div
                className={`min-w-0 max-w-full rounded-2xl rounded-tl-sm px-4 py-3 ${
                  message.status === "failed"
                    ? "border border-red-200 bg-red-50 text-red-900"
                    : "bg-slate-100 text-slate-900"
                }`}
              >
                <span className="sr-only">AI Helper: </span>
                <AiContent message={message} />
              </div>
              {conversationId !== null && message.id !== null && offersAskLeader(message) && (
                <AskLeader
                  conversationId={conversationId}
                  answerId={message.id}
                  content={message.content}
                  askedLeader={message.askedLeader}
                />
              )}
            </div>
          </li>
        ),
      )}
    </ol>
  );
}

function AiContent({ message }: { message: DisplayMessage }) {
  if (message.status === "failed") return <p className="break-words">{message.content}</p>;
  if (message.status === "streaming" && message.content === "")
    return (
      <p className="flex items-center gap-2 text-slate-700">
        <span aria-hidden="true" className="flex gap-1">
          <span className="size-1.5 animate-bounce rounded-full bg-slate-500" />
          <span className="size-1.5 animate-bounce rounded-full bg-slate-500 [animation-delay:150ms]" />
          <span className="size-1.5 animate-bounce rounded-full bg-slate-500 [animation-delay:300ms]" />
        </span>
        {QNA_MESSAGES.thinking}
      </p>
    );
  return <AnswerText text={message.content} streaming={message.status === "streaming"} />;
}
