import type { ComponentProps } from "react";

/**
 * An on/off switch (`role="switch"`): a button the keyboard presses like any other, named by the label the
 * caller points `aria-labelledby` at. Moves only for readers who allow motion.
 */
export function Switch({
  on,
  onToggle,
  ...props
}: { on: boolean; onToggle: () => void } & Omit<
  ComponentProps<"button">,
  "type" | "role" | "aria-checked" | "onClick" | "className"
>) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      onClick={onToggle}
      // The button is the finger's target (44 px high on a touch screen, styles.css); the track is drawn inside.
      className="inline-flex shrink-0 items-center justify-center rounded-full"
      {...props}
    >
      <span
        aria-hidden="true"
        className={`inline-flex h-7 w-12 items-center rounded-full border-2 border-transparent motion-safe:transition-colors ${
          on ? "bg-indigo-700" : "bg-slate-400"
        }`}
      >
        <span
          className={`inline-block size-5 rounded-full bg-white shadow motion-safe:transition-transform ${
            on ? "translate-x-6" : "translate-x-0.5"
          }`}
        />
      </span>
    </button>
  );
}
