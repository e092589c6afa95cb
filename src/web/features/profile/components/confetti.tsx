import { useEffect, useRef } from "react";
import { useReducedMotion } from "./motion";

const PIECES = 70;
const COLOURS = ["#f59e0b", "#6366f1", "#ec4899", "#10b981", "#0ea5e9", "#facc15"];

/** A repeatable scatter, so the pieces differ from each other but not from one render to the next. */
function scatter(index: number, salt: number): number {
  const x = Math.sin(index * 12.9898 + salt * 78.233) * 43_758.5453;
  return x - Math.floor(x);
}

/**
 * Confetti falling once across the screen, then gone. Light: a few dozen small elements moved by the browser's
 * own animations (transform and opacity only). Nothing at all when the reader prefers reduced motion.
 */
export function Confetti() {
  const reducedMotion = useReducedMotion();
  const field = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = field.current;
    if (reducedMotion || !container) return;
    const animations: Animation[] = [];
    for (const [index, piece] of [...container.children].entries()) {
      // Browsers without the Web Animations API (and test DOMs) simply show no confetti.
      if (!(piece instanceof HTMLElement) || typeof piece.animate !== "function") continue;
      const drift = (scatter(index, 3) - 0.5) * 30;
      const spin = 360 + scatter(index, 4) * 720;
      animations.push(
        piece.animate(
          [
            { transform: "translate3d(0, -10vh, 0) rotate(0deg)", opacity: 1 },
            { transform: `translate3d(${drift}vw, 105vh, 0) rotate(${spin}deg)`, opacity: 0.9 },
          ],
          {
            duration: 2200 + scatter(index, 5) * 1400,
            delay: scatter(index, 6) * 700,
            easing: "cubic-bezier(0.25, 0.6, 0.5, 1)",
            fill: "both",
          },
        ),
      );
    }
    return () => {
      for (const animation of animations) animation.cancel();
    };
  }, [reducedMotion]);

  if (reducedMotion) return null;
  return (
    <div
      ref={field}
      aria-hidden="true"
      data-confetti
      className="pointer-events-none fixed inset-0 z-50 overflow-hidden"
    >
      {Array.from({ length: PIECES }, (_, index) => (
        <span
          // The pieces never change order: they are drawn once and only move.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of identical pieces.
          key={index}
          className="absolute top-0 block opacity-0"
          style={{
            left: `${scatter(index, 1) * 100}%`,
            width: `${6 + scatter(index, 2) * 6}px`,
            height: `${10 + scatter(index, 7) * 8}px`,
            borderRadius: index % 3 === 0 ? "9999px" : "2px",
            backgroundColor: COLOURS[index % COLOURS.length],
          }}
        />
      ))}
    </div>
  );
}
