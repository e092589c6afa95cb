import { type FormEvent, useId, useRef, useState } from "react";
import {
  LEADER_QUESTION_MESSAGES,
  LEADER_REPLY_MAX_LENGTH,
  type LeaderQuestion,
  type LeaderQuestionStatus,
  leaderReplySchema,
  type QuestionBankDraft,
} from "../../../../core/schemas/leader-questions";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { useAddQuestionDraft } from "../api/add-question-draft";
import { useLeaderQuestions } from "../api/get-leader-questions";
import { useQuestionDrafts } from "../api/get-question-drafts";
import { useReplyToQuestion } from "../api/reply-to-question";
import { useCardFocus } from "../hooks/use-card-focus";
import { LeaderTab } from "./leader-tab";
import { dateTimeFormat } from "./review-queue";

/** The reply's counter shows once a reply comes this close to the limit. */
export const REPLY_COUNTER_FROM = LEADER_REPLY_MAX_LENGTH - 200;

const STATUS_LABELS: Record<LeaderQuestionStatus, string> = { waiting: "Waiting", answered: "Answered" };

/** The child is named once, in the card's heading. */
const childName = (question: LeaderQuestion) => question.child.username ?? "a child";

/**
 * 'Questions' on the leader page (issue 22): what children sent with 'Ask a leader'. Waiting questions take a
 * reply, which reaches the child as 'A leader'; answered ones can be offered to the question bank as drafts,
 * listed below them.
 */
export function LeaderQuestions() {
  const [status, setStatus] = useState<LeaderQuestionStatus>("waiting");
  const groupName = useId();
  return (
    <div className="flex flex-col gap-4">
      {/* Native radios: one choice of two, with the arrow keys moving between them as a reader expects. */}
      <fieldset>
        <legend className="sr-only">Which questions</legend>
        <div className="inline-flex rounded-lg border border-slate-300 bg-white p-1">
          {(["waiting", "answered"] as const).map((value) => (
            <label key={value} className="cursor-pointer">
              <input
                type="radio"
                name={groupName}
                value={value}
                checked={status === value}
                onChange={() => setStatus(value)}
                className="peer sr-only"
              />
              <span className="block rounded-md px-4 py-1.5 text-sm font-semibold text-slate-700 peer-checked:bg-indigo-700 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-700 hover:text-slate-900 peer-checked:hover:text-white">
                {STATUS_LABELS[value]}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {status === "waiting" ? (
        <WaitingQuestions />
      ) : (
        <div className="flex flex-col gap-10">
          <AnsweredQuestions />
          <QuestionDrafts />
        </div>
      )}
    </div>
  );
}

function WaitingQuestions() {
  const query = useLeaderQuestions("waiting");
  const { headingRef, cardRef, focusCard } = useCardFocus();
  const questions = query.data?.pages.flatMap((page) => page.questions) ?? [];

  return (
    <LeaderTab
      title="Waiting for a reply"
      headingRef={headingRef}
      intro="Questions children sent with 'Ask a leader', oldest first."
      query={query}
      loadingText="Loading questions..."
      emptyText="No questions waiting. Thank you for answering them!"
      listLabel="Questions waiting for a reply"
      items={questions}
      itemKey={(question) => question.id}
      renderItem={(question) => {
        const next = questions[questions.findIndex((other) => other.id === question.id) + 1];
        return (
          <WaitingCard
            question={question}
            cardRef={cardRef(question.id)}
            // The card leaves with its 'Send reply': the focus goes on to the next question, or the heading.
            onReplied={() => focusCard(next?.id ?? null)}
          />
        );
      }}
      moreLabel="Show more questions"
    />
  );
}

function WaitingCard({
  question,
  cardRef,
  onReplied,
}: {
  question: LeaderQuestion;
  cardRef: (element: HTMLElement | null) => void;
  onReplied: () => void;
}) {
  const titleId = useId();
  const replyId = useId();
  const noteId = useId();
  const counterId = useId();
  const [reply, setReply] = useState("");
  const send = useReplyToQuestion();
  const blank = reply.trim() === "";
  const showCounter = reply.length >= REPLY_COUNTER_FROM;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = leaderReplySchema.safeParse({ reply });
    if (!parsed.success) return;
    send.mutate({ questionId: question.id, reply: parsed.data.reply }, { onSuccess: onReplied });
  };

  return (
    <article
      ref={cardRef}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id={titleId} className="text-lg font-bold text-slate-900">
        Question from {childName(question)}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold text-slate-800">When</dt>
        <dd className="text-slate-900">
          <time dateTime={question.createdAt}>{dateTimeFormat.format(new Date(question.createdAt))}</time>
        </dd>
        <dt className="font-semibold text-slate-800">What they asked</dt>
        {/* Plain text as written: React escapes it, and the line breaks stay. */}
        <dd className="whitespace-pre-wrap break-words text-slate-900">{question.question}</dd>
      </dl>
      {/* Closed at first: a leader opens it to see what the child has already been told. */}
      <details className="rounded-lg bg-slate-50 px-3 py-2">
        <summary className="cursor-pointer text-sm font-semibold text-slate-800">
          What the helper answered
        </summary>
        <p className="mt-2 whitespace-pre-wrap break-words text-slate-900">{question.helperAnswer}</p>
      </details>
      <form onSubmit={submit} className="flex flex-col gap-2">
        <label htmlFor={replyId} className="text-sm font-medium text-slate-800">
          Your reply
        </label>
        <textarea
          id={replyId}
          value={reply}
          rows={4}
          maxLength={LEADER_REPLY_MAX_LENGTH}
          aria-describedby={showCounter ? `${noteId} ${counterId}` : noteId}
          onChange={(event) => setReply(event.target.value)}
          className="min-h-24 w-full resize-y rounded-lg border border-slate-300 px-3 py-2 text-base text-slate-900 focus:border-indigo-600"
        />
        <div className="flex flex-wrap justify-between gap-2 text-xs text-slate-700">
          <p id={noteId}>
            Your reply reaches the child as '{LEADER_QUESTION_MESSAGES.leaderName}'; your name is not shown.
          </p>
          {showCounter && (
            <p
              id={counterId}
              className={reply.length >= LEADER_REPLY_MAX_LENGTH ? "font-semibold text-red-800" : undefined}
            >
              {reply.length} / {LEADER_REPLY_MAX_LENGTH} characters
            </p>
          )}
        </div>
        <ErrorBox>{send.error?.message}</ErrorBox>
        <div>
          {/* aria-disabled while sending, so the focus stays on the button if the server says no. */}
          <Button
            type="submit"
            disabled={blank}
            aria-disabled={send.isPending || undefined}
            className="aria-disabled:opacity-80"
          >
            {send.isPending ? "Sending..." : "Send reply"}
          </Button>
        </div>
      </form>
    </article>
  );
}

function AnsweredQuestions() {
  const query = useLeaderQuestions("answered");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const questions = query.data?.pages.flatMap((page) => page.questions) ?? [];

  return (
    <LeaderTab
      title="Answered"
      headingRef={headingRef}
      intro="Newest reply first. A good answer can go to the question bank, for the helper to give next time."
      query={query}
      loadingText="Loading answered questions..."
      emptyText="No answered questions yet."
      listLabel="Answered questions"
      items={questions}
      itemKey={(question) => question.id}
      renderItem={(question) => <AnsweredCard question={question} />}
      moreLabel="Show more questions"
    />
  );
}

function AnsweredCard({ question }: { question: LeaderQuestion }) {
  const titleId = useId();
  const addDraft = useAddQuestionDraft();
  const drafted = question.drafted || addDraft.isSuccess;

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id={titleId} className="text-lg font-bold text-slate-900">
        Question from {childName(question)}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold text-slate-800">What they asked</dt>
        <dd className="whitespace-pre-wrap break-words text-slate-900">{question.question}</dd>
        <dt className="font-semibold text-slate-800">Reply</dt>
        <dd className="whitespace-pre-wrap break-words text-slate-900">{question.reply}</dd>
        <dt className="font-semibold text-slate-800">Answered by</dt>
        <dd className="break-words text-slate-900">{question.answeredBy?.username ?? "A leader"}</dd>
        {question.answeredAt && (
          <>
            <dt className="font-semibold text-slate-800">When</dt>
            <dd className="text-slate-900">
              <time dateTime={question.answeredAt}>
                {dateTimeFormat.format(new Date(question.answeredAt))}
              </time>
            </dd>
          </>
        )}
      </dl>
      <div className="flex flex-wrap items-center gap-3">
        {/* aria-disabled once drafted, so the focus stays on the button as the confirmation is read out. */}
        <Button
          variant="secondary"
          aria-disabled={drafted || addDraft.isPending || undefined}
          className="aria-disabled:cursor-not-allowed aria-disabled:text-slate-500 aria-disabled:hover:bg-white"
          onClick={() => {
            if (!drafted && !addDraft.isPending) addDraft.mutate(question.id);
          }}
        >
          {addDraft.isPending ? "Adding..." : "Add to the question bank"}
        </Button>
        <p role="status" className="text-sm text-emerald-800">
          {drafted ? LEADER_QUESTION_MESSAGES.draftSaved : ""}
        </p>
      </div>
      <ErrorBox>{addDraft.error?.message}</ErrorBox>
    </article>
  );
}

function QuestionDrafts() {
  const query = useQuestionDrafts();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const drafts = query.data?.pages.flatMap((page) => page.drafts) ?? [];

  return (
    <LeaderTab
      title="Drafts for the question bank"
      headingRef={headingRef}
      intro="The ministry reviews each draft before it is added to the question bank the helper answers from."
      query={query}
      loadingText="Loading drafts..."
      emptyText="No drafts yet."
      listLabel="Drafts for the question bank"
      items={drafts}
      itemKey={(draft) => draft.id}
      renderItem={(draft) => <DraftCard draft={draft} />}
      moreLabel="Show more drafts"
    />
  );
}

function DraftCard({ draft }: { draft: QuestionBankDraft }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
      <dt className="font-semibold text-slate-800">Question</dt>
      <dd className="whitespace-pre-wrap break-words text-slate-900">{draft.question}</dd>
      <dt className="font-semibold text-slate-800">Answer</dt>
      <dd className="whitespace-pre-wrap break-words text-slate-900">{draft.answer}</dd>
      <dt className="font-semibold text-slate-800">Added by</dt>
      <dd className="break-words text-slate-900">{draft.createdBy?.username ?? "A leader"}</dd>
      <dt className="font-semibold text-slate-800">When</dt>
      <dd className="text-slate-900">
        <time dateTime={draft.createdAt}>{dateTimeFormat.format(new Date(draft.createdAt))}</time>
      </dd>
    </dl>
  );
}
