import { BookOpen, X } from "lucide-react";
import { Popover } from "radix-ui";
import { type RefObject, useId, useRef } from "react";
import { lookupVerseKeys } from "../../../../core/stories/verse-lookup";
import { useVerses } from "../api/get-verses";

export const VERSE_POPOVER_MESSAGES = {
  loading: "Loading…",
  failed: "We couldn't load this verse. Please try again.",
  notInLibrary: (reference: string) =>
    `This verse isn't in our library yet. Look it up in your Bible: ${reference}.`,
} as const;

/**
 * A small popover with the World English Bible's words for a verse reference in the story text. It is anchored
 * to the reference's own button (which stays a plain button in the story, so that Radix loads only when a
 * reader first opens one). Escape or a click elsewhere closes it; focus then goes back to the reference,
 * unless the reader has clicked somewhere else on purpose.
 */
export function VersePopover({
  reference,
  anchorRef,
  open,
  onOpenChange,
}: {
  reference: string;
  anchorRef: RefObject<HTMLButtonElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const titleId = useId();
  const closedByOutsideClick = useRef(false);
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchorRef} />
      <Popover.Portal>
        <Popover.Content
          aria-labelledby={titleId}
          side="bottom"
          align="start"
          sideOffset={6}
          collisionPadding={12}
          onOpenAutoFocus={() => {
            closedByOutsideClick.current = false;
          }}
          onPointerDownOutside={(event) => {
            // A click on the reference itself toggles it closed through its own handler.
            if (anchorRef.current?.contains(event.target as Node)) event.preventDefault();
            else closedByOutsideClick.current = true;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!closedByOutsideClick.current) anchorRef.current?.focus();
          }}
          className="z-50 flex w-[min(24rem,calc(100vw-1.5rem))] flex-col gap-2 rounded-2xl border border-amber-200 bg-white p-4 text-base leading-7 text-slate-800 shadow-lg focus:outline-none"
        >
          <div className="flex items-start justify-between gap-3">
            <h2 id={titleId} className="flex items-center gap-2 text-base font-bold text-amber-950">
              <BookOpen aria-hidden="true" className="size-4 text-amber-800" />
              {reference}
            </h2>
            <Popover.Close
              aria-label="Close"
              className="-m-1 rounded-full p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              <X aria-hidden="true" className="size-4" />
            </Popover.Close>
          </div>
          <VerseBody reference={reference} />
          <p className="text-xs text-slate-600">World English Bible</p>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function VerseBody({ reference }: { reference: string }) {
  // A passage the route would refuse (across chapters, or very long) is not asked for.
  const answerable = "keys" in lookupVerseKeys(reference);
  const verses = useVerses(reference, answerable);
  const notInLibrary = <p>{VERSE_POPOVER_MESSAGES.notInLibrary(reference)}</p>;

  if (!answerable) return notInLibrary;
  if (verses.isPending) return <p role="status">{VERSE_POPOVER_MESSAGES.loading}</p>;
  if (verses.isError) return <p role="alert">{VERSE_POPOVER_MESSAGES.failed}</p>;
  if (verses.data.verses.length === 0) return notInLibrary;
  const numbered = verses.data.verses.length > 1;
  return (
    <blockquote className="font-story italic text-slate-900">
      <p>
        {verses.data.verses.map((verse, index) => (
          <span key={verse.ref}>
            {index > 0 && " "}
            {numbered && (
              <sup className="mr-0.5 font-semibold not-italic text-amber-800">
                {verse.ref.split(":").at(-1)}
              </sup>
            )}
            {verse.text}
          </span>
        ))}
      </p>
    </blockquote>
  );
}
