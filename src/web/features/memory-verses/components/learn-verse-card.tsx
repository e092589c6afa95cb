import { useQueryClient } from "@tanstack/react-query";
import { BookHeart } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { MEMORY_VERSE_MESSAGES } from "../../../../core/memory-verses";
import { Button } from "../../../components/ui/button";
import { LoadingText } from "../../../components/ui/spinner";
import { verseTextQuery } from "../api/get-verse-text";

// The practice (its steps, tiles and the learn call) is its own chunk: the story page carries only this card,
// and the practice loads as the reader reaches for its button.
const loadVersePractice = () => import("./verse-practice");
const VersePractice = lazy(loadVersePractice);

/** The story's memory verse on its page: its reference and 'Learn this verse', which opens the practice. */
export function LearnVerseCard({ slug, reference }: { slug: string; reference: string }) {
  const [practising, setPractising] = useState(false);
  const queryClient = useQueryClient();
  const headingId = useId();
  const learnButton = useRef<HTMLButtonElement>(null);
  /** Whether the practice has just closed: the focus goes back to the button that opened it. */
  const closed = useRef(false);

  useEffect(() => {
    if (practising || !closed.current) return;
    closed.current = false;
    learnButton.current?.focus();
  }, [practising]);

  const close = () => {
    closed.current = true;
    setPractising(false);
  };

  // The practice's code and the verse's words are both asked for as the reader reaches for the button.
  const prepare = () => {
    void loadVersePractice().catch(() => {});
    void queryClient.prefetchQuery(verseTextQuery(reference));
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-amber-200 bg-amber-50 p-5"
    >
      <div className="flex items-center gap-3">
        <BookHeart aria-hidden="true" className="size-7 shrink-0 text-amber-800" />
        <div className="flex flex-col">
          <h2 id={headingId} className="text-lg font-bold text-slate-900">
            Memory verse
          </h2>
          <cite className="font-semibold not-italic text-amber-900">{reference}</cite>
        </div>
      </div>
      {practising ? (
        <Suspense fallback={<LoadingText>Loading the practice...</LoadingText>}>
          <VersePractice slug={slug} reference={reference} onClose={close} />
        </Suspense>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="flex-1 text-slate-800">Keep this verse in your heart in three short steps.</p>
          <Button
            ref={learnButton}
            onClick={() => setPractising(true)}
            onFocus={prepare}
            onPointerEnter={prepare}
          >
            {MEMORY_VERSE_MESSAGES.learn}
          </Button>
        </div>
      )}
    </section>
  );
}
