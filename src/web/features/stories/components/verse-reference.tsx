import { BookOpen } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { preload } from "../../../lib/preload";

// The popover brings Radix, which a story needs only once a reader opens a verse: it loads as they reach for one.
const loadVersePopover = () => import("../../bible");
const VersePopover = lazy(() => loadVersePopover().then((module) => ({ default: module.VersePopover })));
const warmUp = preload(loadVersePopover);

/** A verse reference in the story text: a button that shows the verse's words in a small popover. */
export function VerseReference({ reference }: { reference: string }) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // The popover stays mounted once opened, so that closing it can hand focus back to this button.
  const [used, setUsed] = useState(false);
  return (
    <cite className="not-italic">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          setOpen((wasOpen) => !wasOpen);
        }}
        onFocus={warmUp}
        onPointerEnter={warmUp}
        className="cursor-pointer whitespace-nowrap rounded bg-amber-100 px-1 py-0.5 font-semibold text-amber-950 underline decoration-amber-400 decoration-dotted underline-offset-4 hover:bg-amber-200"
      >
        <BookOpen aria-hidden="true" className="mr-1 inline size-[0.9em] align-[-0.1em] text-amber-800" />
        {reference}
      </button>
      {used && (
        <Suspense fallback={null}>
          <VersePopover reference={reference} anchorRef={buttonRef} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </cite>
  );
}
