import { useRef } from "react";

/**
 * The cards of a leader tab by id, and where the focus goes once one has been acted on: its button leaves with
 * the card, so the next card takes the focus, or the tab's heading when there is none.
 */
export function useCardFocus() {
  const cards = useRef(new Map<string, HTMLElement>());
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** Set when a dialog's action went through: the card to focus once the dialog has closed. */
  const actedOn = useRef<{ nextId: string | null } | null>(null);
  const cardRef = (id: string) => (element: HTMLElement | null) => {
    if (element) cards.current.set(id, element);
    else cards.current.delete(id);
  };
  const focusCard = (id: string | null) => {
    const card = id ? cards.current.get(id) : undefined;
    (card ?? headingRef.current)?.focus();
  };
  /** A dialog's action went through; `nextId` is the card after the one it removed. */
  const actedInDialog = (nextId: string | null) => {
    actedOn.current = { nextId };
  };
  /**
   * A dialog's onCloseAutoFocus: back to the button that opened it when the leader cancelled; after an action,
   * which took that button away with its card, to the next card. Radix would otherwise focus whatever had the
   * focus as the dialog opened.
   */
  const returnFocusFrom = (opener: HTMLElement) => (event: Event) => {
    event.preventDefault();
    if (actedOn.current) focusCard(actedOn.current.nextId);
    else opener.focus();
    actedOn.current = null;
  };
  return { headingRef, cardRef, focusCard, actedInDialog, returnFocusFrom };
}
