import { useQueryClient } from "@tanstack/react-query";
import { Trophy, X } from "lucide-react";
import { type FocusEvent, useCallback, useEffect, useEffectEvent, useRef, useState } from "react";
import { Link } from "react-router";
import { paths } from "../../../lib/paths";
import { useNotificationEvent } from "../../../lib/realtime";
import { refreshAchievements } from "../api/get-achievements";

/** How long a celebration stays while the reader is neither pointing at it nor focused inside it. */
export const CELEBRATION_MS = 8000;
/** The rest wait their turn, so a burst of them never covers the page. */
const MAX_SHOWN = 3;

type Celebration = { id: string; message: string };

/**
 * A small card that cheers when the server awards an achievement (its `achievement` notification arrives
 * live). Mounted once, in the signed-in layout, so it shows on whatever page the reader is on.
 */
export function AchievementCelebration() {
  const queryClient = useQueryClient();
  const [celebrations, setCelebrations] = useState<Celebration[]>([]);
  // A stream that reconnects may hand over an event again; each achievement is cheered once.
  const seen = useRef(new Set<string>());

  useNotificationEvent((item) => {
    if (item.type !== "achievement") return;
    void refreshAchievements(queryClient);
    const { id, message } = item;
    if (seen.current.has(id)) return;
    seen.current.add(id);
    setCelebrations((previous) => [...previous, { id, message }]);
  });

  const dismiss = useCallback(
    (id: string) => setCelebrations((previous) => previous.filter((celebration) => celebration.id !== id)),
    [],
  );

  const shown = celebrations.slice(0, MAX_SHOWN);

  return (
    <>
      {/* Only the words are announced, not the card's link and button. Always in the page, so screen readers
          already watch it when a message arrives; not atomic, so a second one is read on its own rather than
          with the first again. */}
      <div role="status" aria-atomic="false" className="sr-only">
        {shown.map((celebration) => (
          <p key={celebration.id}>{celebration.message}</p>
        ))}
      </div>
      <div className="pointer-events-none fixed right-4 bottom-4 z-40 flex w-[min(22rem,calc(100vw-2rem))] flex-col gap-3">
        {shown.map((celebration) => (
          <CelebrationCard
            key={celebration.id}
            message={celebration.message}
            onDismiss={() => dismiss(celebration.id)}
          />
        ))}
      </div>
    </>
  );
}

function CelebrationCard({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  const card = useRef<HTMLDivElement>(null);
  const [pointedAt, setPointedAt] = useState(false);
  const [focusedIn, setFocusedIn] = useState(false);
  // Where a keyboard user came from, so closing the card does not drop their focus on the page's body.
  const cameFrom = useRef<HTMLElement | null>(null);
  const dismissSelf = useEffectEvent(onDismiss);

  // Held while pointed at or focused, so it never vanishes while being read or takes the focus with it.
  useEffect(() => {
    if (pointedAt || focusedIn) return;
    const timer = setTimeout(() => dismissSelf(), CELEBRATION_MS);
    return () => clearTimeout(timer);
  }, [pointedAt, focusedIn]);

  const close = () => {
    const previous = cameFrom.current;
    if (card.current?.contains(document.activeElement) && previous?.isConnected) previous.focus();
    onDismiss();
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !event.currentTarget.contains(from)) cameFrom.current = from;
    setFocusedIn(true);
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocusedIn(false);
  };

  return (
    // The handlers only watch where the pointer and focus are; the link and button inside do the work.
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the card while focus is inside it.
    <div
      ref={card}
      onMouseEnter={() => setPointedAt(true)}
      onMouseLeave={() => setPointedAt(false)}
      onFocus={onFocus}
      onBlur={onBlur}
      onKeyDown={(event) => {
        if (event.key === "Escape") close();
      }}
      className="pointer-events-auto flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 shadow-lg motion-safe:transition motion-safe:duration-500 motion-safe:ease-out motion-safe:starting:translate-y-4 motion-safe:starting:opacity-0"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-200 text-amber-900 motion-safe:transition-transform motion-safe:delay-200 motion-safe:duration-500 motion-safe:starting:scale-50">
        <Trophy aria-hidden="true" className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-semibold text-slate-900">{message}</p>
        <Link
          to={paths.profile}
          onClick={onDismiss}
          className="self-start rounded text-sm font-semibold text-indigo-800 underline hover:text-indigo-950"
        >
          See your achievements
        </Link>
      </div>
      <button
        type="button"
        aria-label="Close"
        onClick={close}
        className="shrink-0 rounded-lg p-2 text-slate-700 hover:bg-amber-100 hover:text-slate-900"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
