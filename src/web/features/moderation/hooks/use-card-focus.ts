import { useRef } from "react";

/**
 * The cards of a leader tab by id, and where the focus goes once one has been acted on: its button leaves with
 * the card, so the next card takes the focus, or the tab's heading when there is none.
 */
export function useCardFocus() {
  const cards = useRef(new Map<string, HTMLElement>());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cardRef = (id: string) => (element: HTMLElement | null) => {
    if (element) cards.current.set(id, element);
    else cards.current.delete(id);
  };
  const focusCard = (id: string | null) => {
    const card = id ? cards.current.get(id) : undefined;
    (card ?? headingRef.current)?.focus();
  };
  return { headingRef, cardRef, focusCard };
}
