import { Check } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import type { MemoryVerseItem } from "../../../../core/schemas/memory-verses";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { failureMessage } from "../../../lib/api-client";
import { OFFLINE_MESSAGES } from "../../../lib/offline";
import { useReviewVerse } from "../api/review-verse";
import { verseTokens } from "../practice";
import { WordOrderStep } from "./word-order-step";

export const REVIEW_MESSAGES = {
  correct: "Correct!",
  notQuite: "Not quite — it will come back tomorrow.",
  reviewFailed: "We couldn't check that verse. Please try again.",
  finished: "That's all for today. Well done!",
} as const;

/**
 * A review of the verses due today, one after another: each one's words put back in order (the last step of
 * learning it). The server judges each: right moves it up a box, wrong brings it back tomorrow. Loaded when the
 * reader starts a review, so home does not carry it.
 */
export default function ReviewSession({
  verses,
  onClose,
}: {
  /** The verses due when the review started; the list on home may change under it as each is reviewed. */
  verses: readonly MemoryVerseItem[];
  onClose: () => void;
}) {
  const [position, setPosition] = useState(0);
  const review = useReviewVerse();
  const heading = useRef<HTMLHeadingElement>(null);
  const verse = verses[position];
  const tokens = useMemo(() => (verse ? verseTokens(verse.text) : []), [verse]);
  const last = position === verses.length - 1;
  const judged = review.isSuccess;

  // Each verse (and the end) is announced by moving the focus to its heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus moves when the verse changes
  useEffect(() => heading.current?.focus(), [position]);

  const next = () => {
    review.reset();
    setPosition(position + 1);
  };

  if (!verse)
    return (
      <div className="flex flex-col items-start gap-3">
        <h3 ref={heading} tabIndex={-1} className="text-lg font-bold text-slate-900 focus:outline-none">
          {REVIEW_MESSAGES.finished}
        </h3>
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      </div>
    );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 ref={heading} tabIndex={-1} className="text-lg font-bold text-slate-900 focus:outline-none">
          Verse {position + 1} of {verses.length}: {verse.reference}
          <span className="block text-sm font-medium text-slate-700">From {verse.story.title}</span>
        </h3>
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      {/* Always on the page, so that the verdict is announced when it comes. */}
      <div role="status">
        {judged &&
          (review.data.queued ? (
            <p className="font-semibold text-slate-800">{OFFLINE_MESSAGES.answerQueued}</p>
          ) : review.data.right ? (
            <p className="flex items-center gap-2 font-bold text-emerald-950">
              <Check aria-hidden="true" className="size-5 text-emerald-700" />
              {REVIEW_MESSAGES.correct}
              {review.data.xpAwarded > 0 && (
                <span className="font-semibold text-emerald-800">+{review.data.xpAwarded} XP</span>
              )}
            </p>
          ) : (
            <p className="font-semibold text-amber-950">{REVIEW_MESSAGES.notQuite}</p>
          ))}
      </div>
      {judged ? (
        <div className="flex flex-col items-start gap-3">
          <figure className="flex flex-col gap-1">
            <blockquote className="text-slate-800 italic">“{verse.text}”</blockquote>
            <figcaption className="text-sm font-semibold text-amber-900">{verse.reference}</figcaption>
          </figure>
          <NextButton onClick={next} last={last} />
        </div>
      ) : (
        <>
          <WordOrderStep
            key={position}
            tokens={tokens}
            checkLabel="Check"
            busy={review.isPending}
            onCheck={(words) => review.mutate({ slug: verse.story.slug, words })}
          />
          {review.isError && (
            <div className="flex flex-col items-start gap-3">
              <ErrorBox>{failureMessage(review.error, REVIEW_MESSAGES.reviewFailed)}</ErrorBox>
              {/* A verse the server will not take now (reviewed in another tab, say) need not hold up the rest. */}
              <Button variant="secondary" onClick={next}>
                {last ? "Finish" : "Skip to the next verse"}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function NextButton({ onClick, last }: { onClick: () => void; last: boolean }) {
  // Focused as it appears: the check button that was pressed has gone.
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <Button ref={button} onClick={onClick} className="self-start">
      {last ? "Finish" : "Next verse"}
    </Button>
  );
}
