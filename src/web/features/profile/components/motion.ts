import { useEffect, useState, useSyncExternalStore } from "react";

// Motion for celebrations, always behind the reader's permission: with `prefers-reduced-motion: reduce` every
// celebration shows its calm, finished state at once.

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function reducedMotionQuery(): MediaQueryList | null {
  return typeof window.matchMedia === "function" ? window.matchMedia(REDUCED_MOTION) : null;
}

function subscribe(listener: () => void) {
  const query = reducedMotionQuery();
  query?.addEventListener("change", listener);
  return () => query?.removeEventListener("change", listener);
}

const prefersReducedMotion = () => reducedMotionQuery()?.matches ?? false;

/** Whether the reader asked their system for less motion; follows the setting while the page is open. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}

/**
 * A number that counts from `from` up to `to` over `durationMs` (eased), or is `to` at once when `animate` is
 * false. Starts again when `to` changes.
 */
export function useCountUp(from: number, to: number, durationMs: number, animate: boolean): number {
  const canAnimate = animate && to > from && typeof window.requestAnimationFrame === "function";
  const [value, setValue] = useState(canAnimate ? from : to);
  useEffect(() => {
    if (!canAnimate) {
      setValue(to);
      return;
    }
    let frame = 0;
    let startedAt: number | null = null;
    const step = (now: number) => {
      startedAt ??= now;
      const progress = Math.min(1, (now - startedAt) / durationMs);
      // Ease out: fast at first, settling gently on the total.
      const eased = 1 - (1 - progress) ** 3;
      setValue(Math.round(from + (to - from) * eased));
      if (progress < 1) frame = window.requestAnimationFrame(step);
    };
    setValue(from);
    frame = window.requestAnimationFrame(step);
    return () => window.cancelAnimationFrame(frame);
  }, [from, to, durationMs, canAnimate]);
  return canAnimate ? value : to;
}
