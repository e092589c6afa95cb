import { type RefObject, useEffect } from "react";

/**
 * Keeps a composer (a chat's or the helper's message box and its Send) in sight while the reader types in it on a
 * phone. The on-screen keyboard shrinks the viewport (index.html asks for `interactive-widget=resizes-content`;
 * elsewhere only the visual viewport shrinks), and a box near the page's end would sit behind it: each time the
 * viewport changes while the focus is inside, the whole form is scrolled back into view, no further than needed.
 */
export function useKeepInView(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const bringIntoView = () => {
      // `?.`: jsdom, where the unit tests run, has no scrollIntoView.
      if (element.contains(document.activeElement)) element.scrollIntoView?.({ block: "nearest" });
    };
    const viewport = window.visualViewport;
    element.addEventListener("focusin", bringIntoView);
    window.addEventListener("resize", bringIntoView);
    viewport?.addEventListener("resize", bringIntoView);
    return () => {
      element.removeEventListener("focusin", bringIntoView);
      window.removeEventListener("resize", bringIntoView);
      viewport?.removeEventListener("resize", bringIntoView);
    };
  }, [ref]);
}
