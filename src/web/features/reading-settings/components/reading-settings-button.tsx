import { ALargeSmall } from "lucide-react";
import { lazy, Suspense, useCallback, useId, useRef, useState } from "react";
import { READING_SETTINGS_MESSAGES } from "../../../../core/reading-settings";
import { buttonClass } from "../../../components/ui/button";
import { preload } from "../../../lib/preload";

// The panel, its fields and its save load as the reader reaches for the button: the story page carries only this.
const loadPanel = () => import("./reading-settings-panel");
const ReadingSettingsPanel = lazy(() =>
  loadPanel().then((module) => ({ default: module.ReadingSettingsPanel })),
);

/** 'Reading settings' on the story page: opens the panel below it, and takes the focus back when it closes. */
export function ReadingSettingsButton() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === "Escape" && open) close(true);
        }}
        onFocus={preload(loadPanel)}
        onPointerEnter={preload(loadPanel)}
        className={buttonClass("ghost", "px-3")}
      >
        <ALargeSmall aria-hidden="true" className="size-5" />
        {READING_SETTINGS_MESSAGES.button}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReadingSettingsPanel id={panelId} opener={buttonRef} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
