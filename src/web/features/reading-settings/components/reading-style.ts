import type { CSSProperties } from "react";
import type { ReadingSettings } from "../../../../core/reading-settings";

/** What story text (or an answer) takes from the reading settings: a class and an inline style, both empty by default. */
export type ReadingStyle = { className: string; style: CSSProperties | undefined };

/** Story text is text-lg (1.125rem) by default; the steps above it. */
const FONT_SIZES = { standard: undefined, large: "1.3rem", largest: "1.5rem" } as const;

/**
 * The text's leading-8 is a fixed 2rem, right for the standard size only: a larger size keeps its proportion.
 * Wider spacing goes past it, with a little room between letters and words (WCAG 1.4.12's direction).
 */
const LINE_HEIGHT = { standard: 16 / 9, wide: 2.1 } as const;

/**
 * Headings inside story text are sized in rem, so they would stay put while the text grows: relative to the text,
 * they keep their place above it at every size (these are their standard sizes over 1.125rem).
 */
const SCALED_HEADINGS =
  "[&_h2]:text-[length:1.333em] [&_h3]:text-[length:1.111em] [&_h4]:text-[length:1em] [&_h5]:text-[length:0.889em]";

/** The measured fallback (easy-read-font.css) stands in while the files load; the page's own sans after it. */
const EASY_READ_STACK = '"Atkinson Hyperlegible", "Atkinson Hyperlegible Fallback", var(--font-sans)';

/**
 * The look of the settings. The easy-to-read font applies only once `fontReady`: until then the text keeps its
 * own font rather than jumping twice.
 */
export function readingStyle(settings: ReadingSettings, fontReady: boolean): ReadingStyle {
  const style: CSSProperties = {};
  const fontSize = FONT_SIZES[settings.textSize];
  if (fontSize) style.fontSize = fontSize;
  if (settings.font === "easy-read" && fontReady) style.fontFamily = EASY_READ_STACK;
  if (settings.lineSpacing === "wide") {
    style.lineHeight = LINE_HEIGHT.wide;
    style.letterSpacing = "0.03em";
    style.wordSpacing = "0.12em";
  } else if (fontSize) {
    style.lineHeight = LINE_HEIGHT.standard;
  }
  return {
    className: fontSize ? SCALED_HEADINGS : "",
    style: Object.keys(style).length > 0 ? style : undefined,
  };
}
