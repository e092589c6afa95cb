import { z } from "zod";
import "./zod-messages";
import {
  DEFAULT_READING_SETTINGS,
  LINE_SPACINGS,
  READING_FONTS,
  READING_SETTINGS_MESSAGES,
  type ReadingSettings,
  TEXT_SIZES,
} from "../reading-settings";

// 'Reading settings' (issue 23): the request schema; the choices, labels and route shapes are in
// src/core/reading-settings.ts, which the screens import without zod.

export * from "../reading-settings";

/** PUT /api/profile/reading-settings, and what a stored value means: `{}` is the default look. */
export const readingSettingsSchema = z
  .object({
    textSize: z
      .enum(TEXT_SIZES, { error: READING_SETTINGS_MESSAGES.chooseTextSize })
      .default(DEFAULT_READING_SETTINGS.textSize),
    font: z
      .enum(READING_FONTS, { error: READING_SETTINGS_MESSAGES.chooseFont })
      .default(DEFAULT_READING_SETTINGS.font),
    lineSpacing: z
      .enum(LINE_SPACINGS, { error: READING_SETTINGS_MESSAGES.chooseLineSpacing })
      .default(DEFAULT_READING_SETTINGS.lineSpacing),
  })
  .strict();

/**
 * The stored settings as the reader gets them. The column is jsonb, so anything could be in it (a hand edit, a
 * setting an older version wrote): a value this version cannot read is the default, never an error.
 */
export function readStoredReadingSettings(stored: unknown): ReadingSettings {
  if (stored === null || typeof stored !== "object") return { ...DEFAULT_READING_SETTINGS };
  const fields = stored as Record<string, unknown>;
  const read = <Key extends keyof ReadingSettings>(key: Key): ReadingSettings[Key] => {
    const parsed = readingSettingsSchema.shape[key].safeParse(fields[key]);
    return parsed.success ? (parsed.data as ReadingSettings[Key]) : DEFAULT_READING_SETTINGS[key];
  };
  return { textSize: read("textSize"), font: read("font"), lineSpacing: read("lineSpacing") };
}
