import { useEffect, useRef, useState } from "react";
import { useReadingSettings } from "../api/get-reading-settings";
import { easyReadFontSettled, loadEasyReadFont } from "../components/load-easy-read-font";
import { type ReadingStyle, readingStyle } from "../components/reading-style";

/**
 * The reader's settings as a class and style for story text or an answer. `ready` turns true once the settings
 * are known and, for the easy-to-read font, once its files are there (or waited for long enough), and then stays
 * true: a page that waits for it draws the text once, in its final look, instead of drawing it and jumping.
 */
export function useReadingStyle(): ReadingStyle & { ready: boolean } {
  const { settings, known } = useReadingSettings();
  const easyRead = settings.font === "easy-read";
  const [fontSettled, setFontSettled] = useState(easyReadFontSettled);
  const fontReady = fontSettled || easyReadFontSettled();

  useEffect(() => {
    if (!easyRead || fontReady) return;
    let current = true;
    void loadEasyReadFont().then(() => {
      if (current) setFontSettled(true);
    });
    return () => {
      current = false;
    };
  }, [easyRead, fontReady]);

  // Once ready, always ready: choosing the font later changes the text when it comes, never hides it meanwhile.
  const wasReady = useRef(false);
  if (known && (!easyRead || fontReady)) wasReady.current = true;
  return { ...readingStyle(settings, fontReady), ready: wasReady.current };
}
