// 'Reading settings' (issue 23): text size, an easy-to-read font and wider line spacing for story text and the
// helper's answers, saved with the reader's profile. Without zod, so that the story page can name the choices
// and their labels without loading the schema library (src/core/schemas/reading-settings.ts re-exports all of
// this with the request schema).

export const TEXT_SIZES = ["standard", "large", "largest"] as const;
export type TextSize = (typeof TEXT_SIZES)[number];

/** "easy-read" is Atkinson Hyperlegible, drawn so that letters like b/d and I/l/1 are hard to mix up. */
export const READING_FONTS = ["standard", "easy-read"] as const;
export type ReadingFont = (typeof READING_FONTS)[number];

export const LINE_SPACINGS = ["standard", "wide"] as const;
export type LineSpacing = (typeof LINE_SPACINGS)[number];

export type ReadingSettings = { textSize: TextSize; font: ReadingFont; lineSpacing: LineSpacing };

/** The look every reader starts with, and what a stored `{}` means. */
export const DEFAULT_READING_SETTINGS: ReadingSettings = {
  textSize: "standard",
  font: "standard",
  lineSpacing: "standard",
};

export const READING_SETTINGS_MESSAGES = {
  button: "Reading settings",
  heading: "Reading settings",
  close: "Close reading settings",
  textSize: "Text size",
  textSizes: { standard: "Standard", large: "Large", largest: "Largest" } satisfies Record<TextSize, string>,
  font: "Easy-to-read font",
  fontHint: "Letters that are hard to mix up.",
  lineSpacing: "Wider line spacing",
  lineSpacingHint: "More room between lines and words.",
  chooseTextSize: "Please choose one of the text sizes.",
  chooseFont: "Please choose one of the fonts.",
  chooseLineSpacing: "Please choose one of the line spacings.",
  saveFailed: "Your reading settings could not be saved. Please try again.",
} as const;

/* Route shapes (signed in; only ever the reader's own profile):
 * GET /api/profile → Profile, with `readingSettings: ReadingSettings` (a bad stored value reads as the defaults)
 * PUT /api/profile/reading-settings { textSize?, font?, lineSpacing? } → ReadingSettings; a missing field is
 *     its default, an unknown one or a bad value a 400.
 */
