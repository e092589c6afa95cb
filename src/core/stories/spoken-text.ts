// What narration reads aloud: the story text without the marks the page renders as styling,
// so a voice never says "hash hash" or "asterisk". Used by the browser voice, the server's voice
// service, and the cache key, so all three hear exactly the same words. Without zod, so that a story page
// can offer Play without loading the schema library; src/core/stories/speech-text.ts re-exports it all.

/** The longest text, after cleaning, that one narration may send to the voice service. */
export const SPEECH_TEXT_MAX_CHARS = 5000;

export const SPEECH_MESSAGES = {
  nothingToRead: "There is nothing to read aloud here.",
  tooLong: "That text is too long to read aloud in one go.",
  notConfigured: "Narration with a voice service is not set up here.",
  chooseStory: "Please choose a story to read aloud.",
  noStoryText: "There is no story text to read yet.",
  /** The spec's fallback text for any voice failure. */
  unavailable: "TTS service unavailable",
  notSupported: "Reading aloud is not available in this browser.",
  playbackFailed: "The narration could not be played. Please try again.",
  rateLimited: "You have listened to a lot of new text. Please wait a while and try again.",
  noTimings: "This narration has no read-along timings yet.",
} as const;

export type SpeechProvider = "elevenlabs" | "browser";
export type SpeechConfig = { provider: SpeechProvider };

/**
 * GET /api/speech/timings: when each sentence of the layer (numbered by `layerSentences`) starts in its stored
 * narration, in seconds; null for one the voice's timings did not show.
 */
export type SpeechTimings = { starts: (number | null)[] };

const HEADING_LINE = /^[ \t]*#{1,6}[ \t]+(.*)$/gm;
const QUOTE_LINE_START = /^[ \t]*(?:>[ \t]?)+/gm;
const LIST_ITEM_START = /^[ \t]*[-*•][ \t]+/gm;
// Emoji and the icons the page adds (📖 🤔 ⚡), with the joiners, variation selectors, skin tones,
// flags and keycaps that glue emoji sequences together.
const EMOJI =
  /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200D|\uFE0E|\uFE0F|\u20E3/gu;
const DOUBLE_QUOTES = /["“”„‟«»]/g;
const ENDS_A_SENTENCE = /[.!?:;…]$/;
const HAS_WORDS = /[\p{L}\p{N}]/u;

/**
 * Removes heading marks, bold marks, quote marks (`> ` at a line start and double quotation marks),
 * list bullets and emoji, then collapses whitespace. Words, apostrophes and verse references stay; text
 * without a single letter or digit left becomes "". Cleaning cleaned text changes nothing.
 */
export function cleanTextForSpeech(text: string): string {
  const cleaned = text
    .replace(EMOJI, "")
    .replace(QUOTE_LINE_START, "")
    .replaceAll("**", "")
    .replace(DOUBLE_QUOTES, "")
    // A heading is a sentence of its own when spoken; without a full stop it would run into the
    // paragraph below ("The Lost Son Jesus told a story…").
    .replace(HEADING_LINE, (_line, heading: string) => {
      const words = heading.trim();
      return HAS_WORDS.test(words) && !ENDS_A_SENTENCE.test(words) ? `${words}.` : words;
    })
    .replace(LIST_ITEM_START, "")
    .replace(/\s+/g, " ")
    .trim();
  // Stray punctuation with no word to say is nothing to read.
  return HAS_WORDS.test(cleaned) ? cleaned : "";
}
