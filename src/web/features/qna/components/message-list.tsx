import { QNA_MESSAGES } from "../../../../core/schemas/qna";
import { Lumi } from "../../../components/lumi";
import { AnswerText } from "./answer-text";

export type DisplayMessage = {
  key: string;
  type: "user" | "ai";
  content: string;
  status: "streaming" | "done" | "failed";
};

/** The conversation as bubbles, oldest first: the reader's questions on the right, the helper's answers on the left. */
export function MessageList({ messages }: { messages: DisplayMessage[] }) {
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
        ) : (
          <li key={message.key} className="flex items-start gap-2">
            {/* The helper is Lumi; decorative, as "AI Helper:" is read before each answer. */}
            <span className="mt-1 flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100">
              <Lumi mood={message.status === "streaming" ? "thinking" : "happy"} size={36} />
            </span>
            <div
              className={`min-w-0 max-w-[85%] rounded-2xl rounded-tl-sm px-4 py-3 ${
                message.status === "failed"
                  ? "border border-red-200 bg-red-50 text-red-900"
                  : "bg-slate-100 text-slate-900"
              }`}
            >
              <span className="sr-only">AI Helper: </span>
              <AiContent message={message} />
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
