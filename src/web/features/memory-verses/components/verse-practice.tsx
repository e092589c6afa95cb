import { PartyPopper } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { MEMORY_VERSE_MESSAGES } from "../../../../core/memory-verses";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { LoadingText } from "../../../components/ui/spinner";
import { ApiError, failureMessage } from "../../../lib/api-client";
import { useVerseText } from "../api/get-verse-text";
import { useLearnVerse } from "../api/learn-verse";
import { halfBlanks, twoBlanks, verseTokens } from "../practice";
import { FillInStep } from "./fill-in-step";
import { WordOrderStep } from "./word-order-step";

export const PRACTICE_MESSAGES = {
  learnt: "You learnt it! We'll remind you to review it tomorrow.",
  loadFailed: "We couldn't load the verse.",
  saveFailed: "We couldn't save that. Please try again.",
  steps: [
    "Step 1 of 3: Fill in the 2 missing words",
    "Step 2 of 3: Fill in the missing words",
    "Step 3 of 3: Put the words in order",
  ],
} as const;

type Step = 1 | 2 | 3;

/**
 * 'Learn this verse': three steps that get harder (two missing words, then half of them, then every word put in
 * order), after which the server hears the verse said and puts it into spaced review. Loaded when the reader
 * opens the practice, so the story page does not carry it.
 */
export default function VersePractice({
  slug,
  reference,
  onClose,
}: {
  slug: string;
  reference: string;
  onClose: () => void;
}) {
  const verse = useVerseText(reference);

  if (verse.isPending) return <LoadingText>Loading the verse...</LoadingText>;
  if (verse.isError)
    return (
      <div role="alert" className="flex flex-col items-start gap-3 text-slate-800">
        <p>{failureMessage(verse.error, PRACTICE_MESSAGES.loadFailed)}</p>
        <div className="flex gap-3">
          <Button variant="secondary" onClick={() => verse.refetch()}>
            Try again
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    );
  return <PracticeSteps slug={slug} reference={reference} text={verse.data} onClose={onClose} />;
}

function PracticeSteps({
  slug,
  reference,
  text,
  onClose,
}: {
  slug: string;
  reference: string;
  text: string;
  onClose: () => void;
}) {
  const tokens = useMemo(() => verseTokens(text), [text]);
  const stepOneBlanks = useMemo(() => twoBlanks(tokens), [tokens]);
  const stepTwoBlanks = useMemo(() => halfBlanks(tokens), [tokens]);
  const [step, setStep] = useState<Step>(1);
  /** Each time the server finds the order not right, step 3 starts again with all its tiles back. */
  const [orderAttempt, setOrderAttempt] = useState(0);
  const learn = useLearnVerse(slug);
  const heading = useRef<HTMLHeadingElement>(null);

  const alreadyLearnt = learn.error instanceof ApiError && learn.error.status === 409;
  const finished = learn.isSuccess || alreadyLearnt;

  // Each new step, each fresh start of step 3 and the end are announced by moving the focus to the heading (the
  // button that was pressed has gone).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus moves when these change
  useEffect(() => heading.current?.focus(), [step, orderAttempt, finished]);

  if (finished)
    return (
      <div className="flex flex-col items-start gap-3">
        <h3
          ref={heading}
          tabIndex={-1}
          className="flex items-center gap-2 text-lg font-bold text-emerald-950 focus:outline-none"
        >
          {learn.isSuccess && <PartyPopper aria-hidden="true" className="size-6 text-emerald-700" />}
          {learn.isSuccess ? PRACTICE_MESSAGES.learnt : MEMORY_VERSE_MESSAGES.alreadyLearnt}
        </h3>
        <figure className="flex flex-col gap-1">
          <blockquote className="text-slate-800 italic">“{text}”</blockquote>
          <figcaption className="text-sm font-semibold text-amber-900">{reference}</figcaption>
        </figure>
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      </div>
    );

  const notRight = learn.error instanceof ApiError && learn.error.status === 422;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 ref={heading} tabIndex={-1} className="text-lg font-bold text-slate-900 focus:outline-none">
          {PRACTICE_MESSAGES.steps[step - 1]}
        </h3>
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      {step === 1 && (
        <FillInStep
          key="two"
          tokens={tokens}
          blanks={stepOneBlanks}
          withExtraWords
          nextLabel="Next step"
          onDone={() => setStep(2)}
        />
      )}
      {step === 2 && (
        <FillInStep
          key="half"
          tokens={tokens}
          blanks={stepTwoBlanks}
          withExtraWords={false}
          nextLabel="Next step"
          onDone={() => setStep(3)}
        />
      )}
      {step === 3 && (
        <>
          <p className="text-sm font-semibold text-amber-900">{reference}</p>
          <WordOrderStep
            key={orderAttempt}
            tokens={tokens}
            checkLabel="Check my verse"
            busy={learn.isPending}
            onCheck={(words) =>
              learn.mutate(words, {
                onError: (error) => {
                  if (error instanceof ApiError && error.status === 422)
                    setOrderAttempt((count) => count + 1);
                },
              })
            }
          />
          {learn.isError && (
            <ErrorBox>
              {notRight
                ? failureMessage(learn.error, MEMORY_VERSE_MESSAGES.notRight)
                : failureMessage(learn.error, PRACTICE_MESSAGES.saveFailed)}
            </ErrorBox>
          )}
        </>
      )}
    </div>
  );
}
