import { RotateCcw } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { shuffled, type VerseToken, wordsOf } from "../practice";

/**
 * 'Put the words in order': the verse's words as shuffled tiles (the same order every time for a verse); the
 * reader taps them in the verse's order to build it. A tile in the verse can be taken back by tapping it, and
 * Backspace takes back the last. The built verse is read out in a live region as it grows. Whoever uses the step
 * judges the words (the server does).
 */
export function WordOrderStep({
  tokens,
  checkLabel,
  busy,
  onCheck,
}: {
  tokens: readonly VerseToken[];
  /** The check button's words: 'Check my verse', 'Check'. */
  checkLabel: string;
  /** While the words are being judged: nothing moves. */
  busy: boolean;
  onCheck: (words: string[]) => void;
}) {
  // A tile is its word's place in the verse: two tiles of one word ("the") are different tiles.
  const tiles = useMemo(
    () =>
      shuffled(
        tokens.map((_, index) => index),
        tokens.map((token) => token.key).join(" "),
      ),
    [tokens],
  );
  const [built, setBuilt] = useState<number[]>([]);
  const tileButtons = useRef(new Map<number, HTMLButtonElement>());
  const checkButton = useRef<HTMLButtonElement>(null);
  const builtLine = useRef<HTMLOListElement>(null);
  /** Where the focus goes once the tiles have moved: the button it was on may have just left the page. */
  const focusAfterMove = useRef<number | "check" | null>(null);
  const instructionsId = useId();
  const complete = built.length === tokens.length;

  useEffect(() => {
    const target = focusAfterMove.current;
    if (target === null) return;
    focusAfterMove.current = null;
    (target === "check" ? checkButton.current : tileButtons.current.get(target))?.focus();
  });

  const place = (tile: number) => {
    if (busy || built.includes(tile)) return;
    const next = [...built, tile];
    const left = tiles.filter((candidate) => !next.includes(candidate));
    const after = tiles.indexOf(tile);
    // The focus moves on to the next tile still to place, as a finger would, then to the check.
    focusAfterMove.current = left.find((candidate) => tiles.indexOf(candidate) > after) ?? left[0] ?? "check";
    setBuilt(next);
  };

  const takeBack = (position: number) => {
    const tile = built[position];
    if (busy || tile === undefined) return;
    // The tile goes back among the others; the focus follows it when it was in the built verse.
    if (builtLine.current?.contains(document.activeElement)) focusAfterMove.current = tile;
    setBuilt(built.filter((_, index) => index !== position));
  };

  const backspace = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Backspace" || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    takeBack(built.length - 1);
  };

  const builtWords = built.map((tile) => (tokens[tile] as VerseToken).word);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only listens for Backspace from the tiles within
    <div className="flex flex-col gap-4" onKeyDown={backspace}>
      <p id={instructionsId} className="text-slate-800">
        Tap the words in the order of the verse. Tap a word in your verse to take it back (Backspace takes
        back the last one).
      </p>
      <div className="flex min-h-16 flex-col gap-2 rounded-xl border-2 border-dashed border-indigo-300 bg-white p-3">
        <p className="text-sm font-semibold text-indigo-900">Your verse</p>
        {built.length === 0 ? (
          <p className="text-slate-600">Your words will go here.</p>
        ) : (
          <ol ref={builtLine} aria-label="Your verse so far" className="flex flex-wrap gap-2">
            {built.map((tile, position) => {
              const { word } = tokens[tile] as VerseToken;
              return (
                <li key={tile}>
                  <button
                    type="button"
                    aria-label={`Take back ${word}`}
                    aria-disabled={busy ? true : undefined}
                    onClick={() => takeBack(position)}
                    className="min-h-11 rounded-lg bg-indigo-700 px-3 py-2 text-base font-semibold text-white hover:bg-indigo-800"
                  >
                    {word}
                  </button>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <p role="status" className="sr-only">
        {built.length === 0 ? "" : `Your verse so far: ${builtWords.join(" ")}`}
      </p>
      <ul aria-label="Word tiles" aria-describedby={instructionsId} className="flex flex-wrap gap-2">
        {tiles.map((tile) => {
          const { word } = tokens[tile] as VerseToken;
          return (
            <li key={tile}>
              {built.includes(tile) ? (
                // The tile's place stays, so that the tiles around it do not move under the reader's finger.
                <span
                  aria-hidden="true"
                  className="inline-block min-h-11 rounded-lg border-2 border-dashed border-slate-200 px-3 py-2 text-base text-transparent"
                >
                  {word}
                </span>
              ) : (
                <button
                  type="button"
                  ref={(button) => {
                    if (button) tileButtons.current.set(tile, button);
                    else tileButtons.current.delete(tile);
                  }}
                  aria-disabled={busy ? true : undefined}
                  onClick={() => place(tile)}
                  className="min-h-11 rounded-lg border-2 border-slate-300 bg-white px-3 py-2 text-base font-semibold text-slate-900 hover:border-indigo-500 hover:bg-indigo-50"
                >
                  {word}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          ref={checkButton}
          disabled={!complete || busy}
          onClick={() => onCheck(wordsOf(built.map((tile) => tokens[tile] as VerseToken)))}
          className="px-5 py-2.5 text-base"
        >
          {busy ? "Checking..." : checkLabel}
        </Button>
        {built.length > 0 && !busy && (
          <Button
            variant="ghost"
            onClick={() => {
              // This button leaves with the words: the focus goes back to the first tile.
              focusAfterMove.current = tiles[0] ?? null;
              setBuilt([]);
            }}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            Start again
          </Button>
        )}
        {!complete && (
          <p className="text-sm text-slate-700">
            {tokens.length - built.length} {tokens.length - built.length === 1 ? "word" : "words"} to place
          </p>
        )}
      </div>
    </div>
  );
}
