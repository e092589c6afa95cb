import { Check, X } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { type VerseToken, type WordChoice, wordChoices } from "../practice";

export const FILL_IN_MESSAGES = {
  tryAnother: "Not quite. Try another word.",
  right: (found: number, of: number) => `Right! ${found} of ${of} found.`,
  allFound: "Well done! Every word is in its place.",
} as const;

/** The marks printed before and after a word ("“" and "," in "“Be,"), which stay around its blank. */
function marksAround(token: VerseToken): [string, string] {
  const start = token.printed.indexOf(token.word);
  return [token.printed.slice(0, start), token.printed.slice(start + token.word.length)];
}

/**
 * A fill-in step: the verse with some words missing, filled in order by choosing each from a few word buttons.
 * A wrong word is marked and the reader tries another; a right one goes into its blank.
 */
export function FillInStep({
  tokens,
  blanks,
  withExtraWords,
  nextLabel,
  onDone,
}: {
  tokens: readonly VerseToken[];
  /** The places of the missing words, in the verse's order. */
  blanks: readonly number[];
  /** Whether a few of the verse's other words are offered too (when few words are missing). */
  withExtraWords: boolean;
  nextLabel: string;
  onDone: () => void;
}) {
  const choices = useMemo(
    () => wordChoices(tokens, blanks, withExtraWords),
    [tokens, blanks, withExtraWords],
  );
  const [filled, setFilled] = useState(0);
  const [used, setUsed] = useState<number[]>([]);
  /** The words tried and wrong for the blank being filled. */
  const [tried, setTried] = useState<number[]>([]);
  const [mistakes, setMistakes] = useState(0);
  const choiceButtons = useRef(new Map<number, HTMLButtonElement>());
  const nextButton = useRef<HTMLButtonElement>(null);
  const focusAfterChoice = useRef<number | "next" | null>(null);
  const current = blanks[filled];
  const done = current === undefined;

  useEffect(() => {
    const target = focusAfterChoice.current;
    if (target === null) return;
    focusAfterChoice.current = null;
    (target === "next" ? nextButton.current : choiceButtons.current.get(target))?.focus();
  });

  const choose = (choice: WordChoice) => {
    if (done || used.includes(choice.id) || tried.includes(choice.id)) return;
    if (choice.key !== (tokens[current] as VerseToken).key) {
      setTried([...tried, choice.id]);
      setMistakes(mistakes + 1);
      return;
    }
    const nowUsed = [...used, choice.id];
    const left = choices.filter((candidate) => !nowUsed.includes(candidate.id));
    const after = choices.indexOf(choice);
    // The chosen button leaves; the focus moves on to the next word, or to the next step once all are found.
    focusAfterChoice.current =
      filled + 1 === blanks.length
        ? "next"
        : ((left.find((candidate) => choices.indexOf(candidate) > after) ?? left[0])?.id ?? null);
    setUsed(nowUsed);
    setTried([]);
    setFilled(filled + 1);
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="rounded-xl bg-white p-4 text-lg leading-loose text-slate-900 ring-1 ring-amber-200">
        {tokens.map((token, index) => {
          const blank = blanks.indexOf(index);
          const space = index < tokens.length - 1 ? " " : "";
          if (blank === -1)
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a word is its place in the verse
              <span key={index}>
                {token.printed}
                {space}
              </span>
            );
          const [before, after] = marksAround(token);
          const found = blank < filled;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a word is its place in the verse
            <span key={index}>
              {before}
              {found ? (
                <span className="rounded bg-emerald-100 px-1 font-semibold text-emerald-950">
                  {token.word}
                </span>
              ) : (
                <span
                  className={`inline-block min-w-16 border-b-4 align-baseline ${
                    index === current ? "border-indigo-700 bg-indigo-50" : "border-slate-400"
                  }`}
                >
                  <span className="sr-only">
                    {index === current ? "(the missing word to find now)" : "(missing word)"}
                  </span>
                </span>
              )}
              {after}
              {space}
            </span>
          );
        })}
      </p>
      {!done && (
        <ul aria-label="Word choices" className="flex flex-wrap gap-2">
          {choices.map((choice) => {
            if (used.includes(choice.id)) return null;
            const wrong = tried.includes(choice.id);
            return (
              <li key={choice.id}>
                <button
                  type="button"
                  ref={(button) => {
                    if (button) choiceButtons.current.set(choice.id, button);
                    else choiceButtons.current.delete(choice.id);
                  }}
                  // aria-disabled rather than disabled: the button just pressed keeps the focus.
                  aria-disabled={wrong ? true : undefined}
                  onClick={() => choose(choice)}
                  className={`inline-flex min-h-11 items-center gap-1.5 rounded-lg border-2 px-3 py-2 text-base font-semibold ${
                    wrong
                      ? "cursor-default border-red-300 bg-red-50 text-red-900"
                      : "border-slate-300 bg-white text-slate-900 hover:border-indigo-500 hover:bg-indigo-50"
                  }`}
                >
                  {wrong && <X aria-hidden="true" className="size-4" />}
                  {choice.word}
                  {wrong && <span className="sr-only">, not this one</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div role="status">
        {done ? (
          <p className="flex items-center gap-2 font-semibold text-emerald-900">
            <Check aria-hidden="true" className="size-5" />
            {FILL_IN_MESSAGES.allFound}
          </p>
        ) : tried.length > 0 ? (
          // A new paragraph for each wrong word, so that the message is announced again.
          <p key={mistakes} className="font-semibold text-red-900">
            {FILL_IN_MESSAGES.tryAnother}
          </p>
        ) : filled > 0 ? (
          <p className="font-semibold text-emerald-900">{FILL_IN_MESSAGES.right(filled, blanks.length)}</p>
        ) : null}
      </div>
      {done && (
        <Button ref={nextButton} onClick={onDone} className="self-start px-5 py-2.5 text-base">
          {nextLabel}
        </Button>
      )}
    </div>
  );
}
