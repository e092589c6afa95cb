import { BookHeart } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { MEMORY_VERSE_MESSAGES } from "../../../../core/memory-verses";
import type { MemoryVerseItem } from "../../../../core/schemas/memory-verses";
import { Button } from "../../../components/ui/button";
import { LoadingText } from "../../../components/ui/spinner";
import { preload } from "../../../lib/preload";
import { useMemoryVerses } from "../api/get-memory-verses";

// The review (its tiles and the review call) loads as the reader reaches for its button: home carries this card.
const loadReviewSession = () => import("./review-session");
const ReviewSession = lazy(loadReviewSession);

export const ALL_CAUGHT_UP = "All caught up! No verses to review today.";

/**
 * 'Verses to review today' on home: how many of the reader's verses are due, and a review of them. A reader who
 * has learnt no verse yet sees nothing; one whose verses are all reviewed sees a calm line.
 */
export function VersesToReview() {
  const memoryVerses = useMemoryVerses();
  /** The verses being reviewed, fixed when the review starts. */
  const [reviewing, setReviewing] = useState<MemoryVerseItem[] | null>(null);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  /** Whether a review has just closed: its buttons have gone, so the focus goes to the card's heading. */
  const closed = useRef(false);

  useEffect(() => {
    if (reviewing || !closed.current) return;
    closed.current = false;
    heading.current?.focus();
  }, [reviewing]);

  const close = () => {
    closed.current = true;
    setReviewing(null);
  };

  if (!reviewing && (!memoryVerses.isSuccess || memoryVerses.data.verses.length === 0)) return null;
  const dueToday = memoryVerses.data?.dueToday ?? 0;

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-amber-200 bg-amber-50 p-5"
    >
      <h2
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-xl font-bold text-slate-900 focus:outline-none"
      >
        <BookHeart aria-hidden="true" className="size-6 text-amber-800" />
        {MEMORY_VERSE_MESSAGES.dueToday}
        {dueToday > 0 && (
          <>
            <span className="sr-only">: {dueToday}</span>
            <span
              aria-hidden="true"
              className="rounded-full bg-amber-700 px-2.5 py-0.5 text-base font-bold text-white"
            >
              {dueToday}
            </span>
          </>
        )}
      </h2>
      {reviewing ? (
        <Suspense fallback={<LoadingText>Loading your review...</LoadingText>}>
          <ReviewSession verses={reviewing} onClose={close} />
        </Suspense>
      ) : dueToday > 0 ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="flex-1 text-slate-800">
            {dueToday === 1 ? "1 verse is ready" : `${dueToday} verses are ready`}: put the words back in
            order to keep remembering.
          </p>
          <Button
            onClick={() => setReviewing(memoryVerses.data?.verses.filter((verse) => verse.due) ?? [])}
            onFocus={preload(loadReviewSession)}
            onPointerEnter={preload(loadReviewSession)}
          >
            Review now
          </Button>
        </div>
      ) : (
        <p className="text-slate-800">{ALL_CAUGHT_UP}</p>
      )}
    </section>
  );
}
