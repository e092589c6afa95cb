import { CircleHelp, Zap } from "lucide-react";
import { type CSSProperties, type ReactNode, useContext, useEffect, useId, useMemo, useRef } from "react";
import { sentenceBreaks } from "../../../../core/stories/read-along";
import {
  type ActionKind,
  type InlineSpan,
  parseStoryText,
  type StoryBlock,
  spansText,
} from "../../../../core/stories/story-text";
import {
  READING_SENTENCE_CLASS,
  SENTENCE_ATTRIBUTE,
  SentenceNumbersContext,
  useReadAlong,
} from "./read-along";
import { VerseReference } from "./verse-reference";

// Every piece of story text reaches the page as a React text node: never as HTML. Whatever a model
// writes ("<script>", "<img onerror>") is shown as the characters it is.

// The page has its own h1, so the text's `#` is an h2.
const HEADING_TAGS = { 1: "h2", 2: "h3", 3: "h4", 4: "h5" } as const;

const HEADING_CLASSES = {
  1: "mt-4 text-2xl font-extrabold leading-tight text-slate-900",
  2: "mt-2 text-xl font-bold leading-snug text-slate-900",
  3: "text-lg font-bold text-slate-900",
  4: "text-base font-bold uppercase tracking-wide text-indigo-900",
} as const;

const ACTIONS: Record<ActionKind, { label: string; card: string; badge: string }> = {
  try: {
    label: "Try",
    card: "border-emerald-200 bg-emerald-50",
    badge: "bg-emerald-700 text-white",
  },
  challenge: {
    label: "Challenge",
    card: "border-violet-200 bg-violet-50",
    badge: "bg-violet-700 text-white",
  },
};

/** The look of story text, shared by the whole layer and each of its steps: one typeface, quotes included. */
export const STORY_TEXT_CLASS =
  "flex max-w-[70ch] flex-col gap-5 font-story text-lg leading-8 text-slate-800";

/**
 * Story text in the dialect of content/README.md, as it streams in. While `streaming`, the region
 * is `aria-busy` and ends in a blinking caret. It is deliberately not a live region (that would
 * re-announce every piece): the page announces when the story starts and finishes.
 */
export function StoryText({
  text,
  streaming = false,
  className = "",
  style,
}: {
  text: string;
  streaming?: boolean;
  className?: string;
  /** The reader's reading settings (text size, font, spacing), as the reading-settings feature gives them. */
  style?: CSSProperties;
}) {
  const blocks = useMemo(() => parseStoryText(text), [text]);
  const caret = streaming ? <StreamingCaret /> : null;
  const lastIndex = blocks.length - 1;

  return (
    <div aria-busy={streaming} className={`${STORY_TEXT_CLASS} ${className}`} style={style}>
      {blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks only ever grow at the end while streaming
        <Block key={index} block={block} caret={index === lastIndex ? caret : null} />
      ))}
      {blocks.length === 0 && caret && <p>{caret}</p>}
    </div>
  );
}

/** Blocks already parsed (one step of a layer), without a caret: the text is complete. */
export function StoryBlocks({ blocks }: { blocks: readonly StoryBlock[] }) {
  return blocks.map((block, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a step's blocks are fixed once its text is complete
    <Block key={index} block={block} caret={null} />
  ));
}

function Block({ block, caret }: { block: StoryBlock; caret: ReactNode }) {
  switch (block.type) {
    case "heading": {
      const Heading = HEADING_TAGS[block.level];
      return (
        <Heading className={HEADING_CLASSES[block.level]}>
          <Spans spans={block.spans} />
          {caret}
        </Heading>
      );
    }
    case "paragraph":
      return (
        <p className="text-pretty">
          <Spans spans={block.spans} />
          {caret}
        </p>
      );
    case "question":
      return (
        // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; this groups words
        <div
          role="group"
          aria-label="Question to think about"
          className="flex gap-3 rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sky-950"
        >
          <CircleHelp aria-hidden="true" className="mt-1 size-6 shrink-0 text-sky-700" />
          <p className="font-semibold">
            <Spans spans={block.spans} />
            {caret}
          </p>
        </div>
      );
    case "quote":
      return (
        <blockquote className="rounded-r-2xl border-l-4 border-amber-500 bg-amber-50 px-5 py-4 italic text-slate-900">
          <p className="whitespace-pre-line">
            <Spans spans={block.spans} />
            {caret}
          </p>
        </blockquote>
      );
    case "list":
      return (
        <ul className="flex list-disc flex-col gap-2 pl-7 marker:text-indigo-700">
          {block.items.map((spans, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: list items only ever grow at the end while streaming
            <li key={index}>
              <Spans spans={spans} />
              {index === block.items.length - 1 && caret}
            </li>
          ))}
        </ul>
      );
    case "action":
      return <ActionCard kind={block.kind} spans={block.spans} caret={caret} />;
  }
}

function ActionCard({ kind, spans, caret }: { kind: ActionKind; spans: InlineSpan[]; caret: ReactNode }) {
  const labelId = useId();
  const action = ACTIONS[kind];
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; this groups words
    <div
      role="group"
      aria-labelledby={labelId}
      className={`flex flex-col items-start gap-2 rounded-2xl border-2 p-4 shadow-sm ${action.card}`}
    >
      <span
        id={labelId}
        className={`inline-flex items-center gap-1.5 rounded-full px-3 py-0.5 text-sm font-bold uppercase tracking-wide ${action.badge}`}
      >
        <Zap aria-hidden="true" className="size-4" />
        {action.label}
      </span>
      <p className="text-slate-900">
        <Spans spans={spans} />
        {caret}
      </p>
    </div>
  );
}

function Spans({ spans }: { spans: InlineSpan[] }) {
  const first = useContext(SentenceNumbersContext)?.get(spans);
  if (first !== undefined) return <SentenceSpans spans={spans} first={first} />;
  return spans.map((span, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: spans are re-derived from the text, always in order
    <Span key={index} span={span} />
  ));
}

/**
 * Spans cut at their sentence breaks, each piece marked with its sentence's number (for a tap) and highlighted
 * while that sentence is read aloud. A verse reference is never cut: it has no break inside.
 */
function SentenceSpans({ spans, first }: { spans: InlineSpan[]; first: number }) {
  const { sentence } = useReadAlong();
  const pieces = useMemo(() => {
    const breaks = sentenceBreaks(spansText(spans));
    const numberAt = (offset: number) => first + breaks.filter((at) => at <= offset).length;
    const cut: { span: InlineSpan; number: number }[] = [];
    let offset = 0;
    for (const span of spans) {
      const end = offset + span.text.length;
      const inside = span.type === "verse" ? [] : breaks.filter((at) => at > offset && at < end);
      let from = offset;
      for (const at of [...inside, end]) {
        cut.push({
          span: { ...span, text: span.text.slice(from - offset, at - offset) },
          number: numberAt(from),
        });
        from = at;
      }
      offset = end;
    }
    return cut;
  }, [spans, first]);
  // The sentence being read stays in view: its first piece scrolls in when it starts (once its step is shown).
  const startsHere = pieces.findIndex(({ number }) => number === sentence);
  const firstPiece = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (startsHere < 0) return;
    const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    firstPiece.current?.scrollIntoView?.({ block: "nearest", behavior: reduced ? "auto" : "smooth" });
  }, [startsHere]);
  return pieces.map(({ span, number }, index) => (
    <span
      // biome-ignore lint/suspicious/noArrayIndexKey: pieces are re-derived from the text, always in order
      key={index}
      ref={index === startsHere ? firstPiece : undefined}
      {...{ [SENTENCE_ATTRIBUTE]: number }}
      className={number === sentence ? READING_SENTENCE_CLASS : undefined}
    >
      <Span span={span} />
    </span>
  ));
}

function Span({ span }: { span: InlineSpan }) {
  if (span.type === "bold") return <strong className="font-bold text-slate-900">{span.text}</strong>;
  if (span.type === "verse") return <VerseReference reference={span.text} />;
  return span.text;
}

function StreamingCaret() {
  return (
    <span
      aria-hidden="true"
      data-streaming-caret=""
      className="ml-1 inline-block h-[1.1em] w-[0.45em] animate-pulse rounded-sm bg-indigo-700 align-[-0.2em]"
    />
  );
}
