// 'Check your understanding' (issue 23): three questions after each layer's text, answered by a verse. The
// server keeps the right answers and scores; the screen gets the questions and what this reader has answered.
// Without zod, so that the story page's check does not load the schema library (src/core/schemas/checks.ts
// re-exports all of it with the request schema).

export const CHECK_OPEN_MAX_LENGTH = 500;

export const CHECK_MESSAGES = {
  heading: "Check your understanding",
  correct: "Correct!",
  notQuite: (reference: string) => `Not quite. Look at ${reference}.`,
  chooseAnswer: "Please choose one of the answers.",
  questionNotFound: "That question does not exist.",
  notReached: "Read this layer first.",
  openRequired: "Please write something first.",
  openTooLong: `Please keep it to ${CHECK_OPEN_MAX_LENGTH} characters.`,
  openSaved: "Saved. Only you can see this.",
  notAnOpenPrompt: "This question has answers to choose from.",
  notAChoice: "This one is for your own words.",
} as const;

/** A question as the reader sees it: never the right answer. */
export type CheckItem =
  | {
      kind: "choice";
      index: number;
      question: string;
      options: string[];
      /**
       * How this reader has answered it so far: null before any answer. Once answered right, the right option and
       * its verse come with it (never before).
       */
      answered:
        | { correct: true; firstTry: boolean; rightOption: number; verse: CheckVerse }
        | { correct: false; firstTry: false }
        | null;
    }
  | {
      kind: "open";
      index: number;
      prompt: string;
      /** What the reader wrote, private to them; null before they write. */
      written: string | null;
    };

export type LayerCheck = { items: CheckItem[] };

/** The verse that answers a question, with its World English Bible words when Lamplight holds them. */
export type CheckVerse = { reference: string; text: string | null };

export type CheckAnswerResult = {
  correct: boolean;
  /** Shown with 'Correct!', or named in 'Not quite. Look at {reference}.' */
  verse: CheckVerse;
  /** Whether this was the reader's first answer to the question. */
  firstTry: boolean;
  /** +5 for a right first answer, once per question; 0 for retries and repeats. */
  xpAwarded: number;
  /** The reader's XP and level after it. */
  xp: number;
  level: number;
};

/* Route shapes, for signed-in readers of a story they may read (unlocked; the layer reached):
 * GET  /api/stories/{slug}/layers/{layer}/check → LayerCheck
 * POST /api/stories/{slug}/layers/{layer}/check/{index} { option } → CheckAnswerResult
 *      · 422 an option the question does not have (nothing stored, no XP) · 404 unknown question
 * POST /api/stories/{slug}/layers/{layer}/check/{index} { text } (the open prompt) → { written: string }
 *      · moderated like everything a child writes; never scored
 * The XP itself is the server's (src/core/xp.ts XP_FOR_CHECK): the client never sends an amount.
 */
