import { PartyPopper } from "lucide-react";
import { useEffect, useLayoutEffect, useRef } from "react";
import { Link } from "react-router";
import { XP_FOR_COMPLETION, XP_FOR_GENERATION } from "../../../../core/xp";
import { buttonClass } from "../../../components/ui/button";
import { paths } from "../../../lib/paths";
import { holdLevelUp, playCelebrationSound, useCountUp, useReducedMotion } from "../../profile";
import { StoryCover } from "./story-cover";

/** Each line of the tally appears this long after the one before. */
export const TALLY_STEP_MS = 450;
/** How long the finished tally has the stage before a level-up it brought may follow. */
export const TALLY_SETTLE_MS = 2500;

export type TallyLayer = { layer: number; name: string; content: string | null };

/** What the server answered to 'Mark Story Complete' in this visit; null when the page opened completed. */
export type Completion = { message: string | null };

type TallyLine = { label: string; xp: number };

/**
 * The XP a story brought its reader: each layer they had written (XP_FOR_GENERATION) and finishing it
 * (XP_FOR_COMPLETION, given once per story, so it counts for a story read again too).
 */
export function storyXpLines(layers: readonly TallyLayer[]): TallyLine[] {
  return [
    ...layers
      .filter((layer) => layer.content)
      .map((layer) => ({ label: `Layer ${layer.layer}: ${layer.name}`, xp: XP_FOR_GENERATION })),
    { label: "Story complete", xp: XP_FOR_COMPLETION },
  ];
}

/**
 * 'Story Complete!' with the story's cover, the server's message, and the story's XP as a short count: one
 * line per layer, one for finishing, then the total. Just completed, the lines come in one by one (at once
 * when the reader prefers reduced motion) and a level-up the completion brought waits until the tally settles.
 */
export function StoryCompleteTally({
  slug,
  title,
  layers,
  completion,
}: {
  slug: string;
  title: string;
  layers: readonly TallyLayer[];
  completion: Completion | null;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const reducedMotion = useReducedMotion();
  const lines = storyXpLines(layers);
  const total = lines.reduce((sum, line) => sum + line.xp, 0);
  const justCompleted = completion !== null && completion.message !== null;
  const animate = justCompleted && !reducedMotion;
  const countMs = lines.length * TALLY_STEP_MS;
  const shownTotal = useCountUp(0, total, countMs, animate);
  const settleMs = (animate ? countMs : 0) + TALLY_SETTLE_MS;

  // Just completed: the 'Mark Story Complete' button is gone, so the news takes the focus.
  useEffect(() => {
    if (justCompleted) headingRef.current?.focus();
  }, [justCompleted]);

  // Before any effect of the same update: the level-up that came with this answer must already see the hold.
  useLayoutEffect(() => {
    if (!justCompleted) return;
    const release = holdLevelUp();
    const timer = setTimeout(release, settleMs);
    return () => {
      clearTimeout(timer);
      release();
    };
  }, [justCompleted, settleMs]);

  useEffect(() => {
    if (completion?.message) playCelebrationSound("story-complete");
  }, [completion]);

  return (
    <section
      aria-labelledby="complete-heading"
      className="flex flex-col items-center gap-4 rounded-2xl border border-amber-200 bg-amber-50 p-6 text-center sm:p-8"
    >
      <StoryCover slug={slug} title={title} className="w-32 shadow-md sm:w-40" />
      <h2
        id="complete-heading"
        ref={headingRef}
        tabIndex={-1}
        className="flex items-center gap-2 text-2xl font-extrabold text-slate-900 focus:outline-none sm:text-3xl"
      >
        <PartyPopper aria-hidden="true" className="size-7 shrink-0 text-amber-700 sm:size-8" />
        Story Complete!
      </h2>
      {completion?.message && (
        <p role="status" className="max-w-prose text-slate-800">
          {completion.message}
        </p>
      )}
      <div className="flex w-full max-w-sm flex-col gap-2 rounded-xl bg-white p-4 text-left shadow-sm">
        <h3 id="tally-heading" className="text-sm font-bold uppercase tracking-wide text-amber-900">
          XP from this story
        </h3>
        <dl className="flex flex-col gap-1.5">
          {lines.map((line, index) => (
            <div
              key={line.label}
              data-tally-line
              className={`flex items-center justify-between gap-3 text-slate-800 ${
                animate
                  ? "motion-safe:transition-opacity motion-safe:duration-300 motion-safe:starting:opacity-0"
                  : ""
              }`}
              style={animate ? { transitionDelay: `${index * TALLY_STEP_MS}ms` } : undefined}
            >
              <dt>{line.label}</dt>
              <dd className="font-bold tabular-nums text-amber-800">+{line.xp}</dd>
            </div>
          ))}
          <div className="mt-1 flex items-center justify-between gap-3 border-t border-amber-200 pt-2 text-lg font-extrabold text-slate-900">
            <dt>Total</dt>
            <dd className="tabular-nums">
              <span aria-hidden="true" data-tally-total>
                +{shownTotal} XP
              </span>
              <span className="sr-only">+{total} XP</span>
            </dd>
          </div>
        </dl>
      </div>
      <p className="text-sm text-slate-700">Choose a layer above to read it again.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.stories} className={buttonClass("primary")}>
          More Stories
        </Link>
        <Link to={paths.qna} className={buttonClass("secondary")}>
          Ask Questions
        </Link>
      </div>
    </section>
  );
}
