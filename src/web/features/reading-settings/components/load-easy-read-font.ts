// Brings the easy-to-read font once per page, and says when it is there. Waits at most FONT_WAIT_MS for the
// files: after that the text shows in the measured fallback, and the font swaps in when it comes.

const FONT_WAIT_MS = 3000;

let loading: Promise<void> | null = null;
let settled = false;

/** Whether the font has loaded (or given up waiting): the text may then be drawn in it. */
export const easyReadFontSettled = () => settled;

export function loadEasyReadFont(): Promise<void> {
  loading ??= import("./easy-read-font")
    .then(async ({ EASY_READ_FAMILY }) => {
      const fonts = typeof document !== "undefined" ? document.fonts : undefined;
      if (!fonts) return;
      const files = Promise.all([
        fonts.load(`400 1em "${EASY_READ_FAMILY}"`),
        fonts.load(`700 1em "${EASY_READ_FAMILY}"`),
      ]);
      await Promise.race([files, new Promise((resolve) => setTimeout(resolve, FONT_WAIT_MS))]);
    })
    // A font that cannot load must never keep the text away: the fallback is there.
    .catch(() => {})
    .then(() => {
      settled = true;
    });
  return loading;
}
