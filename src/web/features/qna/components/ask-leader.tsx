import { Check, UserRound } from "lucide-react";
import { LEADER_QUESTION_MESSAGES } from "../../../../core/schemas/leader-questions";
import { QNA_FALLBACK_ANSWER } from "../../../../core/schemas/qna";
import { Button } from "../../../components/ui/button";
import { useAskLeader } from "../api/ask-leader";

/** The helper had no good answer: a real person is the better offer, so the button stands out. */
export const isHelperFallback = (content: string) => content.startsWith(QNA_FALLBACK_ANSWER);

/** Which of the helper's messages offer 'Ask a leader': finished, saved answers, not the confirmation itself. */
export function offersAskLeader(message: { type: string; status: string; content: string }) {
  return (
    message.type === "ai" &&
    message.status === "done" &&
    message.content !== LEADER_QUESTION_MESSAGES.confirmation
  );
}

/**
 * 'Ask a leader' under one of the helper's answers. While sending it reads 'Sending...', once sent 'Sent to a
 * leader'; both aria-disabled rather than disabled, so the keyboard focus stays on the button instead of falling
 * back to the page. A refusal (asked already, too many waiting, moderation) shows the server's words beside it.
 */
export function AskLeader({
  conversationId,
  answerId,
  content,
  askedLeader,
}: {
  conversationId: string;
  answerId: number;
  content: string;
  askedLeader: boolean;
}) {
  const askLeader = useAskLeader(conversationId);
  const sent = askedLeader || askLeader.isSuccess;
  const prominent = isHelperFallback(content);

  return (
    <div className="flex flex-col items-start gap-1">
      {prominent && !sent && (
        <p className="text-sm text-slate-700">
          Want a real person to answer? A leader from your ministry can.
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant={sent ? "secondary" : prominent ? "primary" : "secondary"}
          aria-disabled={sent || askLeader.isPending || undefined}
          className={`${prominent && !sent ? "" : "px-3 py-1 text-xs"} aria-disabled:cursor-default ${
            sent ? "" : "aria-disabled:opacity-80"
          }`}
          onClick={() => {
            if (!sent && !askLeader.isPending) askLeader.mutate(answerId);
          }}
        >
          {sent ? (
            <Check aria-hidden="true" className="size-4 text-emerald-700" />
          ) : (
            <UserRound aria-hidden="true" className="size-4" />
          )}
          {sent
            ? LEADER_QUESTION_MESSAGES.asked
            : askLeader.isPending
              ? "Sending..."
              : LEADER_QUESTION_MESSAGES.askLeader}
        </Button>
        {askLeader.error && (
          <p
            role="alert"
            className="rounded-lg border border-red-300 bg-red-50 px-2 py-1 text-sm text-red-800"
          >
            {askLeader.error.message}
          </p>
        )}
      </div>
    </div>
  );
}
