import { useEffect, useRef } from "react";

/**
 * Moves keyboard and screen-reader focus to an element (a heading with tabIndex -1) whenever `key`
 * changes after the first render: when the button just pressed disappears ('Generate Story with AI',
 * 'Move to Layer N'), focus lands on what replaced it instead of falling back to the page.
 */
export function useFocusOnChange<Element extends HTMLElement>(key: string, enabled = true) {
  const ref = useRef<Element>(null);
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    if (enabled) ref.current?.focus();
  }, [key, enabled]);
  return ref;
}
