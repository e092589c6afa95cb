import { useQuery } from "@tanstack/react-query";
import { Check, X } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { CHECK_MESSAGES, CHECK_OPEN_MAX_LENGTH, type CheckVerse } from "../../../../core/stories/checks";
import type { LayerNumber } from "../../../../core/stories/layers";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { failureMessage } from "../../../lib/api-client";
import { OFFLINE_MESSAGES } from "../../../lib/offline";
import { queueAnswer } from "../../../lib/offline-queue";
import { checkAnswerPath, useAnswerCheckQuestion } from "../api/answer-check-question";
import { type ChoiceItem, layerCheckQuery, type OpenItem } from "../api/get-layer-check";
import { useSaveCheckPrompt } from "../api/save-check-prompt";
import { CheckSkeleton } from "./check-skeleton";

const LOAD_FAILED = "We couldn't load the questions.";
const ANSWER_FAILED = "We couldn't check that answer. Please try again.";
const SAVE_FAILED = "We couldn't save that. Please try again.";

/** The counter turns to a warning colour this close to the open prompt's limit. */
const NEAR_LIMIT = 50;

const ARROW_STEPS: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

/** The layer's questions: loaded by LayerCheckSection once they come near the view. */
export default function LayerCheck({ slug, layer }: { slug: string; layer: LayerNumber }) {
  const check = useQuery(layerCheckQuery(slug, layer));
  const headingId = useId();

  if (check.isPending) return <CheckSkeleton />;

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-5 rounded-2xl border border-amber-200 bg-amber-50 p-5"
    >
      <h3 id={headingId} className="text-lg font-bold text-slate-900">
        {CHECK_MESSAGES.heading}
      </h3>
      {check.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 text-slate-800">
          <p>{failureMessage(check.error, LOAD_FAILED)}</p>
          <Button variant="secondary" onClick={() => check.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ol className="flex flex-col gap-6">
          {check.data.items.map((item) => (
            <li key={item.index}>
              {item.kind === "choice" ? (
                <ChoiceQuestion slug={slug} layer={layer} item={item} />
              ) : (
                <OpenPrompt slug={slug} layer={layer} item={item} />
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * Arrow keys move between a question's options (Tab does too; Enter or Space chooses). Taken here, before the
 * layer's steps see them, so that an arrow in the question never turns the page.
 */
function moveBetweenOptions(event: KeyboardEvent<HTMLElement>) {
  const step = ARROW_STEPS[event.key];
  if (step === undefined || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const options = [
    ...event.currentTarget.querySelectorAll<HTMLButtonElement>("button[data-option]:not([tabindex='-1'])"),
  ];
  const current = options.indexOf(event.target as HTMLButtonElement);
  if (current === -1) return;
  event.preventDefault();
  options[(current + step + options.length) % options.length]?.focus();
}

function ChoiceQuestion({ slug, layer, item }: { slug: string; layer: LayerNumber; item: ChoiceItem }) {
  const answer = useAnswerCheckQuestion(slug, layer);
  const feedbackId = useId();
  const answered = item.answered?.correct ? item.answered : null;
  const correct = answered !== null;
  const wrongOptions = item.seen?.wrongOptions ?? [];
  const rightOption = item.seen?.rightOption ?? answered?.rightOption ?? null;

  // Chosen with no connection: kept to be checked when it returns (the server judges it then).
  const [queued, setQueued] = useState(false);

  const choose = (option: number) => {
    if (correct || queued || wrongOptions.includes(option) || answer.isPending) return;
    if (!navigator.onLine) {
      queueAnswer(checkAnswerPath(slug, layer, item.index), { option });
      setQueued(true);
      return;
    }
    answer.mutate({ index: item.index, option });
  };

  return (
    <fieldset aria-describedby={feedbackId} className="flex flex-col gap-3">
      <legend className="mb-3 text-base font-semibold text-slate-900">{item.question}</legend>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: only passes arrow keys between the option buttons */}
      <div className="grid gap-2 sm:grid-cols-2" onKeyDown={moveBetweenOptions}>
        {item.options.map((text, option) => {
          const isRight = option === rightOption;
          const isWrong = wrongOptions.includes(option);
          // aria-disabled rather than disabled: the button just pressed keeps the focus.
          const locked = correct || isWrong || queued;
          // Once answered, Tab goes on to the next question rather than through options that are done.
          const skipped = correct && !isRight;
          return (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: an option is its place in the question
              key={option}
              type="button"
              data-option
              aria-disabled={locked || answer.isPending ? true : undefined}
              tabIndex={skipped ? -1 : undefined}
              onClick={() => choose(option)}
              className={`flex min-h-12 w-full items-center gap-3 rounded-xl border-2 px-4 py-3 text-left text-base font-medium transition-colors ${
                isRight
                  ? "border-emerald-600 bg-emerald-50 text-emerald-950"
                  : isWrong
                    ? "border-red-300 bg-red-50 text-red-900"
                    : locked
                      ? "cursor-default border-slate-200 bg-white text-slate-600"
                      : "border-slate-300 bg-white text-slate-900 hover:border-indigo-500 hover:bg-indigo-50"
              }`}
            >
              {isRight && <Check aria-hidden="true" className="size-5 shrink-0 text-emerald-700" />}
              {isWrong && <X aria-hidden="true" className="size-5 shrink-0 text-red-700" />}
              <span>{text}</span>
              {isRight && <span className="sr-only">, the right answer</span>}
              {isWrong && <span className="sr-only">, not this one</span>}
            </button>
          );
        })}
      </div>
      <div id={feedbackId} role="status">
        {queued && !correct ? (
          <p className="font-semibold text-slate-800">{OFFLINE_MESSAGES.answerQueued}</p>
        ) : correct ? (
          <Correct
            verse={item.seen?.verse ?? answered?.verse ?? null}
            xpAwarded={item.seen?.xpAwarded ?? 0}
          />
        ) : item.seen?.hint ? (
          // A new paragraph for each wrong answer, so that the same hint is announced again.
          <p key={wrongOptions.length} className="font-semibold text-red-900">
            {CHECK_MESSAGES.notQuite(item.seen.hint)}
          </p>
        ) : null}
      </div>
      {answer.isError && <ErrorBox>{failureMessage(answer.error, ANSWER_FAILED)}</ErrorBox>}
    </fieldset>
  );
}

/** 'Correct!' with the verse that answers the question (its words when Lamplight holds them). */
function Correct({ verse, xpAwarded }: { verse: CheckVerse | null; xpAwarded: number }) {
  return (
    <div className="flex flex-col gap-2 rounded-xl bg-emerald-50 px-4 py-3 text-emerald-950 ring-1 ring-emerald-200">
      <p className="flex items-center gap-2 font-bold">
        <Check aria-hidden="true" className="size-5 text-emerald-700" />
        {CHECK_MESSAGES.correct}
        {xpAwarded > 0 && <span className="font-semibold text-emerald-800">+{xpAwarded} XP</span>}
      </p>
      {verse &&
        (verse.text ? (
          <figure className="flex flex-col gap-1">
            <blockquote className="text-slate-800 italic">“{verse.text}”</blockquote>
            <figcaption className="text-sm font-semibold text-amber-900">{verse.reference}</figcaption>
          </figure>
        ) : (
          <p className="text-sm font-semibold text-amber-900">{verse.reference}</p>
        ))}
    </div>
  );
}

function OpenPrompt({ slug, layer, item }: { slug: string; layer: LayerNumber; item: OpenItem }) {
  const save = useSaveCheckPrompt(slug, layer);
  const [text, setText] = useState(item.written ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  /** The words as last saved: 'Saved' shows while the field still holds them. */
  const [savedText, setSavedText] = useState(item.written);
  const fieldId = useId();
  const saved = savedText !== null && savedText === text && !save.isPending;
  const left = CHECK_OPEN_MAX_LENGTH - text.length;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (text.trim() === "") {
      setProblem(CHECK_MESSAGES.openRequired);
      return;
    }
    setProblem(null);
    save.mutate({ index: item.index, text }, { onSuccess: () => setSavedText(text) });
  };

  const error = problem ?? (save.isError ? failureMessage(save.error, SAVE_FAILED) : null);

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <label htmlFor={fieldId} className="text-base font-semibold text-slate-900">
        {item.prompt}
      </label>
      <textarea
        id={fieldId}
        value={text}
        maxLength={CHECK_OPEN_MAX_LENGTH}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
        aria-describedby={`${fieldId}-count`}
        aria-invalid={error ? true : undefined}
        className="min-h-28 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900"
      />
      <p
        id={`${fieldId}-count`}
        className={`self-end text-sm ${left <= NEAR_LIMIT ? "font-semibold text-amber-900" : "text-slate-700"}`}
      >
        {text.length}/{CHECK_OPEN_MAX_LENGTH} characters
      </p>
      <ErrorBox>{error}</ErrorBox>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save"}
        </Button>
        <p role="status" className="text-sm font-semibold text-emerald-900">
          {saved ? CHECK_MESSAGES.openSaved : ""}
        </p>
      </div>
    </form>
  );
}
