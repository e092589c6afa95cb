import { ChevronLeft, ChevronRight, Rows3, StretchHorizontal } from "lucide-react";
import {
  type MouseEvent,
  type ReactNode,
  type TouchEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { layerSentences } from "../../../../core/stories/read-along";
import { type InlineSpan, parseStoryText, type StoryBlock } from "../../../../core/stories/story-text";
import { Button } from "../../../components/ui/button";
import type { ReadingStyle } from "../../reading-settings";
import { SentenceNumbersContext, sentenceOfTap, useReadAlong } from "./read-along";
import { type LayerStep, splitIntoSteps } from "./split-into-steps";
import { STORY_TEXT_CLASS, StoryBlocks } from "./story-text";

export type ReadingMode = "steps" | "whole";

/** Where the reader's choice between steps and the whole layer is kept, per device. */
export const READING_MODE_KEY = "lamplight.reading-mode";

/** A horizontal swipe at least this long (CSS pixels), and clearly more sideways than up or down, turns a step. */
const SWIPE_MIN_DISTANCE = 50;

function readReadingMode(): ReadingMode {
  try {
    return window.localStorage.getItem(READING_MODE_KEY) === "whole" ? "whole" : "steps";
  } catch {
    // Storage can be switched off (private windows, strict settings): steps, and no memory.
    return "steps";
  }
}

function useReadingMode() {
  const [mode, setMode] = useState<ReadingMode>(readReadingMode);
  const choose = useCallback((next: ReadingMode) => {
    setMode(next);
    try {
      window.localStorage.setItem(READING_MODE_KEY, next);
    } catch {
      // Kept for this page only.
    }
  }, []);
  return [mode, choose] as const;
}

/** No reading settings: the text's own look. */
const STANDARD_LOOK: ReadingStyle = { className: "", style: undefined };

/**
 * A finished layer's text, as short steps (or, by the reader's choice, the whole layer on one page): its
 * picture on the first step, its actions (sharing, the next layer) after the last. `reading` is the reader's
 * text size, font and spacing.
 */
export function LayerReading({
  text,
  picture,
  actions,
  reading = STANDARD_LOOK,
}: {
  text: string;
  picture: ReactNode;
  actions: ReactNode;
  reading?: ReadingStyle;
}) {
  const [mode, setMode] = useReadingMode();
  const blocks = useMemo(() => parseStoryText(text), [text]);
  const steps = useMemo(() => splitIntoSteps(blocks), [blocks]);
  const sentenceNumbers = useMemo(() => layerSentences(blocks).firstSentence, [blocks]);
  const stepped = mode === "steps" && steps.length > 1;
  const { sentence, startAt } = useReadAlong();

  // A tap on a sentence starts the narration there. Sentences are not tab stops (a layer has dozens); a keyboard
  // starts the narration with Play.
  const onTap = startAt
    ? (event: MouseEvent) => {
        const tapped = sentenceOfTap(event.target);
        if (tapped !== null && !window.getSelection()?.toString()) startAt(tapped);
      }
    : undefined;

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a pointer shortcut to what Play does by keyboard
    <div className="flex flex-col gap-6" onClick={onTap}>
      {steps.length > 1 && (
        <Button variant="ghost" className="self-end" onClick={() => setMode(stepped ? "whole" : "steps")}>
          {stepped ? (
            <StretchHorizontal aria-hidden="true" className="size-4" />
          ) : (
            <Rows3 aria-hidden="true" className="size-4" />
          )}
          {stepped ? "Show the whole layer" : "Show in steps"}
        </Button>
      )}
      <SentenceNumbersContext.Provider value={sentenceNumbers}>
        {stepped ? (
          <LayerSteps
            steps={steps}
            picture={picture}
            actions={actions}
            reading={reading}
            sentenceNumbers={sentenceNumbers}
            sentence={sentence}
          />
        ) : (
          <>
            {picture}
            <div className={`${STORY_TEXT_CLASS} ${reading.className}`} style={reading.style}>
              <StoryBlocks blocks={blocks} />
            </div>
            {actions}
          </>
        )}
      </SentenceNumbersContext.Provider>
    </div>
  );
}

/** The first run of spans of a block, whose number is the block's first sentence. */
const firstSpansOf = (block: StoryBlock | undefined): readonly InlineSpan[] | undefined =>
  block?.type === "list" ? block.items[0] : block?.spans;

/** The step that holds sentence `sentence`: the last whose first sentence comes at or before it. */
function stepOfSentence(
  steps: readonly LayerStep[],
  numbers: ReadonlyMap<readonly InlineSpan[], number>,
  sentence: number,
): number {
  let found = 0;
  steps.forEach((step, index) => {
    const spans = firstSpansOf(step.blocks[0]);
    const first = spans ? numbers.get(spans) : undefined;
    if (first !== undefined && first <= sentence) found = index;
  });
  return found;
}

/** Whether an arrow key belongs to what has focus (a field, a dialog, a group of radios or tabs) rather than to us. */
function arrowKeyTakenBy(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return Boolean(
    target.closest(
      "input, textarea, select, [role=dialog], [role=alertdialog], [role=radiogroup], [role=tablist], [role=slider], [role=listbox], [role=menu], [role=menubar], [role=grid], [role=tree]",
    ),
  );
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

/** A step's blocks; a step that goes on with a long section opens with its heading again, marked as continued. */
function stepBlocks(step: LayerStep): StoryBlock[] {
  if (step.continues?.type !== "heading") return step.blocks;
  const continued: StoryBlock = {
    ...step.continues,
    spans: [...step.continues.spans, { type: "text", text: " (continued)" }],
  };
  return [continued, ...step.blocks];
}

/** Only the current step is rendered: moving on draws a screenful, not the layer. */
function LayerSteps({
  steps,
  picture,
  actions,
  reading,
  sentenceNumbers,
  sentence,
}: {
  steps: LayerStep[];
  picture: ReactNode;
  actions: ReactNode;
  reading: ReadingStyle;
  sentenceNumbers: ReadonlyMap<readonly InlineSpan[], number>;
  /** The sentence being read aloud: the steps turn to it (without taking the focus from the controls). */
  sentence: number | null;
}) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (sentence !== null) setIndex(stepOfSentence(steps, sentenceNumbers, sentence));
  }, [sentence, steps, sentenceNumbers]);
  const lastIndex = steps.length - 1;
  const stepRef = useRef<HTMLDivElement>(null);
  /** The step the reader just moved to: its heading takes the focus once it is drawn (not on the first). */
  const movedTo = useRef<number | null>(null);
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  const goTo = useCallback(
    (target: number) => {
      const next = Math.min(Math.max(target, 0), lastIndex);
      if (next === index) return;
      movedTo.current = next;
      setIndex(next);
    },
    [index, lastIndex],
  );

  // The new step's heading takes the focus (a screen reader reads it) and comes into view.
  useEffect(() => {
    if (movedTo.current !== index) return;
    movedTo.current = null;
    const step = stepRef.current;
    if (!step) return;
    const heading = step.querySelector<HTMLElement>("h2, h3, h4, h5");
    const target = heading ?? step;
    target.tabIndex = -1;
    target.focus({ preventScroll: true });
    target.scrollIntoView?.({ block: "start", behavior: prefersReducedMotion() ? "auto" : "smooth" });
  }, [index]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
      if (arrowKeyTakenBy(event.target)) return;
      event.preventDefault();
      goTo(event.key === "ArrowRight" ? index + 1 : index - 1);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [goTo, index]);

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    // Touches in a verse popover reach here too (React events cross portals), but they are not page turns.
    const inDialog = event.target instanceof Element && event.target.closest("[role=dialog]") !== null;
    touchStart.current =
      event.touches.length === 1 && touch && !inDialog ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const across = touch.clientX - start.x;
    const down = touch.clientY - start.y;
    if (Math.abs(across) < SWIPE_MIN_DISTANCE || Math.abs(across) < Math.abs(down) * 1.5) return;
    // Finger moving left brings the next step in from the right, as a page turns.
    goTo(across < 0 ? index + 1 : index - 1);
  };

  const step = steps[index] as LayerStep;
  const blocks = useMemo(() => stepBlocks(step), [step]);
  const position = `Step ${index + 1} of ${steps.length}`;

  return (
    <div className="flex flex-col gap-6" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
      {index === 0 && picture}
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; this groups a step's words */}
      <div
        key={index}
        ref={stepRef}
        role="group"
        aria-label={position}
        className={`${STORY_TEXT_CLASS} min-h-[12rem] scroll-mt-24 [&_:is(h2,h3,h4,h5)]:scroll-mt-24 ${reading.className}`}
        style={reading.style}
      >
        <StoryBlocks blocks={blocks} />
      </div>
      <nav
        aria-label="Steps"
        className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4"
      >
        <Button
          variant="secondary"
          onClick={() => goTo(index - 1)}
          className={index === 0 ? "invisible" : ""}
          aria-hidden={index === 0 ? true : undefined}
          tabIndex={index === 0 ? -1 : undefined}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          Back
        </Button>
        {/* On a phone the dots, each a finger's width, have a row of their own above 'Back' and 'Next'. */}
        <div className="flex flex-col items-center gap-1 max-sm:order-first max-sm:basis-full">
          <p className="text-sm font-semibold text-slate-800">{position}</p>
          <ol className="flex flex-wrap items-center justify-center">
            {steps.map((_, dot) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: steps are fixed for a given text; a dot is its place
              <li key={dot}>
                <button
                  type="button"
                  aria-label={`Step ${dot + 1}`}
                  aria-current={dot === index ? "step" : undefined}
                  onClick={() => goTo(dot)}
                  className="group flex size-6 items-center justify-center rounded-full"
                >
                  <span
                    aria-hidden="true"
                    className={`block rounded-full transition-all ${dot === index ? "size-3 bg-indigo-700" : "size-2 bg-slate-400 group-hover:bg-slate-600"}`}
                  />
                </button>
              </li>
            ))}
          </ol>
        </div>
        <Button
          variant={index === lastIndex ? "secondary" : "primary"}
          onClick={() => goTo(index + 1)}
          className={index === lastIndex ? "invisible" : ""}
          aria-hidden={index === lastIndex ? true : undefined}
          tabIndex={index === lastIndex ? -1 : undefined}
        >
          Next
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </nav>
      {index === lastIndex && actions}
    </div>
  );
}
