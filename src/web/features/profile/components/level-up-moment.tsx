import { Sparkles } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import { useEffect, useLayoutEffect, useRef } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { paths } from "../../../lib/paths";
import { StoryCover, useStories } from "../../stories";
import { Confetti } from "./confetti";
import { useCountUp, useReducedMotion } from "./motion";
import { playCelebrationSound } from "./sounds";

/** How long the XP takes to count up to the new total. */
export const XP_COUNT_MS = 1400;

export type LevelUpMomentProps = {
  /** The level celebrated last: stories above it and up to `level` are the ones that just opened. */
  fromLevel: number;
  level: number;
  fromXp: number;
  xp: number;
  onClose: () => void;
};

/**
 * The full-screen moment of a new level: 'Level N!', the XP counting up to its new total, confetti, and the
 * stories that just opened. A real modal dialog: it takes the focus (it follows the reader's own action),
 * is named by its heading, and gives the focus back where it was when it closes (Continue or Escape).
 */
export function LevelUpMoment({ fromLevel, level, fromXp, xp, onClose }: LevelUpMomentProps) {
  const reducedMotion = useReducedMotion();
  const shownXp = useCountUp(fromXp, xp, XP_COUNT_MS, !reducedMotion);
  const continueButton = useRef<HTMLButtonElement>(null);
  // Where the reader was, to go back to when the moment ends (Radix returns focus only to its own Trigger).
  const returnTo = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (document.activeElement instanceof HTMLElement) returnTo.current = document.activeElement;
  }, []);
  useEffect(() => playCelebrationSound("level-up"), []);

  const restoreFocus = (event: Event) => {
    event.preventDefault();
    const target = returnTo.current;
    // Gone (a story link was followed, or the page changed): the page's own focus handling takes over.
    if (target?.isConnected) target.focus();
  };

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-gradient-to-b from-indigo-950/90 via-indigo-900/85 to-amber-900/80 motion-safe:transition-opacity motion-safe:duration-300 motion-safe:starting:opacity-0" />
        <Confetti />
        <RadixDialog.Content
          aria-modal="true"
          onOpenAutoFocus={(event) => {
            // Continue, in the dialog named by its heading: a screen reader says 'Level N!, dialog' first.
            event.preventDefault();
            continueButton.current?.focus();
          }}
          onCloseAutoFocus={restoreFocus}
          className="fixed inset-0 z-50 flex items-center justify-center overflow-y-auto p-4 outline-none"
        >
          <div className="my-auto flex w-full max-w-2xl flex-col items-center gap-5 rounded-3xl bg-white p-6 text-center shadow-2xl sm:p-8 motion-safe:transition motion-safe:duration-500 motion-safe:ease-out motion-safe:starting:scale-90 motion-safe:starting:opacity-0">
            <span className="flex size-16 items-center justify-center rounded-full bg-amber-100 text-amber-700">
              <Sparkles aria-hidden="true" className="size-9" />
            </span>
            <RadixDialog.Title className="text-4xl font-extrabold tracking-tight text-indigo-950 sm:text-5xl">
              Level {level}!
            </RadixDialog.Title>
            <RadixDialog.Description className="sr-only">
              You reached Level {level} with {xp} XP.
            </RadixDialog.Description>
            {/* The count is for the eyes; the description above says the total once. */}
            <p aria-hidden="true" data-xp-count className="text-2xl font-bold tabular-nums text-amber-800">
              {shownXp} XP
            </p>
            <UnlockedStories fromLevel={fromLevel} level={level} onFollow={onClose} />
            <Button ref={continueButton} onClick={onClose} className="min-w-40 px-8 py-3 text-base">
              Continue
            </Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** 'New adventures unlocked': the stories whose 'Reach Level N' this level just met. */
function UnlockedStories({
  fromLevel,
  level,
  onFollow,
}: {
  fromLevel: number;
  level: number;
  onFollow: () => void;
}) {
  const stories = useStories();
  const unlocked = (stories.data ?? []).filter(
    (story) => story.difficulty > fromLevel && story.difficulty <= level,
  );
  // Past the last level with stories there is nothing new to list; a failed list leaves the rest of the moment.
  if (stories.isError || (stories.isSuccess && unlocked.length === 0)) return null;
  return (
    <section aria-labelledby="unlocked-heading" className="flex w-full flex-col gap-3">
      <h3 id="unlocked-heading" className="text-lg font-bold text-slate-900">
        New adventures unlocked
      </h3>
      {stories.isPending ? (
        <p className="text-sm text-slate-700">Finding your new stories...</p>
      ) : (
        <ul className="flex flex-wrap justify-center gap-3">
          {unlocked.map((story) => (
            <li key={story.slug} className="w-[calc(50%-0.375rem)] sm:w-32">
              <Link
                to={paths.story(story.slug)}
                onClick={onFollow}
                className="flex h-full flex-col items-center gap-2 rounded-2xl p-2 text-sm font-semibold text-indigo-900 hover:bg-indigo-50"
              >
                <StoryCover slug={story.slug} title={story.title} className="w-full" />
                {story.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
