import { X } from "lucide-react";
import { type RefObject, useEffect, useId, useRef, useState } from "react";
import {
  type ReadingSettings,
  READING_SETTINGS_MESSAGES as TEXT,
  TEXT_SIZES,
} from "../../../../core/reading-settings";
import { ErrorBox } from "../../../components/ui/error-box";
import { failureMessage } from "../../../lib/api-client";
import { useReadingSettings } from "../api/get-reading-settings";
import { useUpdateReadingSettings } from "../api/update-reading-settings";

/**
 * The reading settings, in a small non-modal dialog below its button. Each change saves at once and shows in the
 * text behind it. Escape closes it and gives the focus back to the button; a click or the focus going elsewhere
 * closes it and leaves the focus where the reader put it.
 */
export function ReadingSettingsPanel({
  id,
  opener,
  onClose,
}: {
  id: string;
  opener: RefObject<HTMLButtonElement | null>;
  onClose: (returnFocus: boolean) => void;
}) {
  const { settings } = useReadingSettings();
  const update = useUpdateReadingSettings();
  const panelRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  // The reader's latest choice, shown at once (the saved profile follows a moment later) and built on by the
  // next change, so that two quick changes both count.
  const [chosen, setChosen] = useState<ReadingSettings | null>(null);
  const current = chosen ?? settings;
  const save = (change: Partial<ReadingSettings>) => {
    const next = { ...current, ...change };
    setChosen(next);
    // Called for the latest change only: by then the profile holds it, or has gone back if it was refused.
    update.mutate(next, { onSettled: () => setChosen(null) });
  };

  // The focus moves in, onto the text size chosen: the first thing a reader is likely to change.
  useEffect(() => {
    panelRef.current?.querySelector<HTMLInputElement>("input:checked")?.focus();
  }, []);

  useEffect(() => {
    const outside = (target: EventTarget | null) =>
      target instanceof Node && !panelRef.current?.contains(target) && !opener.current?.contains(target);
    const onPointerDown = (event: PointerEvent) => {
      if (outside(event.target)) onClose(false);
    };
    const onFocusIn = (event: FocusEvent) => {
      if (outside(event.target)) onClose(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [onClose, opener]);

  return (
    <div
      id={id}
      ref={panelRef}
      role="dialog"
      aria-labelledby={headingId}
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.stopPropagation();
        onClose(true);
      }}
      className="absolute top-full left-0 z-20 mt-2 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 text-left shadow-lg sm:right-0 sm:left-auto"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-base font-bold text-slate-900">
          {TEXT.heading}
        </h2>
        <button
          type="button"
          aria-label={TEXT.close}
          onClick={() => onClose(true)}
          className="rounded-lg p-1 text-slate-700 hover:bg-slate-100"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">{TEXT.textSize}</legend>
        {/* Side by side where they fit; on a narrow phone the last one takes a line of its own. */}
        <div className="flex flex-wrap gap-2">
          {TEXT_SIZES.map((size) => (
            <label
              key={size}
              className="flex flex-1 cursor-pointer items-center justify-center gap-1.5 whitespace-nowrap rounded-xl border border-slate-300 px-2 py-2 text-sm text-slate-900 has-[:checked]:border-indigo-700 has-[:checked]:bg-indigo-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-600"
            >
              <input
                type="radio"
                name={`${id}-text-size`}
                value={size}
                checked={current.textSize === size}
                onChange={() => save({ textSize: size })}
                className="accent-indigo-700"
              />
              {TEXT.textSizes[size]}
            </label>
          ))}
        </div>
      </fieldset>

      <Toggle
        checked={current.font === "easy-read"}
        onChange={(on) => save({ font: on ? "easy-read" : "standard" })}
        label={TEXT.font}
        hint={TEXT.fontHint}
      />
      <Toggle
        checked={current.lineSpacing === "wide"}
        onChange={(on) => save({ lineSpacing: on ? "wide" : "standard" })}
        label={TEXT.lineSpacing}
        hint={TEXT.lineSpacingHint}
      />

      {update.isError && <ErrorBox>{failureMessage(update.error, TEXT.saveFailed)}</ErrorBox>}
    </div>
  );
}

/** A switch: a native checkbox (Space toggles it), named by its label and described by its hint. */
function Toggle({
  checked,
  onChange,
  label,
  hint,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  hint: string;
}) {
  const labelId = useId();
  const hintId = useId();
  // The whole row is the label to click; the name is the label's words alone, the hint its description.
  return (
    <label className="flex cursor-pointer items-start justify-between gap-3">
      <span className="flex flex-col">
        <span id={labelId} className="text-sm font-semibold text-slate-900">
          {label}
        </span>
        <span id={hintId} className="text-sm text-slate-700">
          {hint}
        </span>
      </span>
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-1 size-5 shrink-0 accent-indigo-700"
      />
    </label>
  );
}
