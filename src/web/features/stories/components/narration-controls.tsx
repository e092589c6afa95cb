import { LoaderCircle, Square, Volume2 } from "lucide-react";
import { useMemo } from "react";
import type { SpeechSource } from "../../../../core/stories/speech-text";
import { cleanTextForSpeech } from "../../../../core/stories/spoken-text";
import { Button } from "../../../components/ui/button";
import { type Narration, useNarration } from "../hooks/use-narration";

const statusText = { idle: "Ready", loading: "Loading…", playing: "Playing" } as const;

// While busy, Play (and while idle, Stop) is aria-disabled rather than disabled, so that a keyboard
// user's focus stays on the button just pressed instead of falling back to the page.
const iconButton =
  "px-3 aria-disabled:cursor-not-allowed aria-disabled:text-slate-400 aria-disabled:hover:bg-white";

/**
 * Play and Stop for reading `text` aloud, with the spec's Ready / Playing indicator. `source` names the
 * saved story layer `text` shows, which the server's voice reads; without it the browser's voice reads.
 */
export function NarrationControls({
  text,
  source,
  className = "",
}: {
  text: string;
  source?: SpeechSource;
  className?: string;
}) {
  const narration = useNarration(text, source);
  return <NarrationButtons narration={narration} text={text} className={className} />;
}

/**
 * The buttons for a narration the page holds itself (the story page, whose text follows the narration as it
 * reads along).
 */
export function NarrationButtons({
  narration: { status, play, stop, prepare, error },
  text,
  className = "",
}: {
  narration: Narration;
  text: string;
  className?: string;
}) {
  const hasText = useMemo(() => cleanTextForSpeech(text).length > 0, [text]);
  const busy = status !== "idle";

  return (
    <div className={`flex flex-wrap items-center gap-2 ${className}`}>
      <Button
        variant="secondary"
        className={iconButton}
        aria-label="Play narration"
        title="Play narration"
        disabled={!hasText}
        aria-disabled={busy || undefined}
        aria-busy={status === "loading" || undefined}
        onClick={busy ? undefined : () => play()}
        onPointerEnter={prepare}
        onFocus={prepare}
      >
        {status === "loading" ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <Volume2 aria-hidden="true" className="size-4" />
        )}
      </Button>
      <Button
        variant="secondary"
        className={iconButton}
        aria-label="Stop narration"
        title="Stop narration"
        disabled={!hasText}
        aria-disabled={!busy || undefined}
        onClick={busy ? stop : undefined}
      >
        <Square aria-hidden="true" className="size-4" />
      </Button>
      <span className="text-sm text-slate-600" aria-live="polite">
        {statusText[status]}
      </span>
      <p role="status" className="w-full text-xs text-red-700 empty:hidden">
        {error}
      </p>
    </div>
  );
}
