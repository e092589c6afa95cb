import type { UseMutationResult } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { useCardFocus } from "./use-card-focus";

/** Another leader decided first, or the item went (the post deleted, the picture replaced): it simply left. */
export const isGone = (error: unknown) =>
  error instanceof ApiError && (error.status === 409 || error.status === 404);

/** What a card of an approval queue needs to offer Approve and Reject. */
export type DecisionProps = {
  /** A decision is on its way (this card's or another's): one at a time. */
  busy: boolean;
  approving: boolean;
  error: string | undefined;
  cardRef: (element: HTMLElement | null) => void;
  onApprove: () => void;
  onReject: (opener: HTMLElement) => void;
};

/**
 * The decisions of an approval queue (photos and videos, profile pictures), one at a time. Approve goes at once;
 * Reject opens a dialog first. An item that has gone says so in a notice. Either way the focus moves on to the
 * next card, found before the item leaves the list, or to the tab's heading.
 */
export function useApprovalQueue<Item, Request extends { action: "approve" | "reject" }>({
  items,
  idOf,
  review,
}: {
  items: Item[];
  idOf: (item: Item) => string;
  review: UseMutationResult<unknown, Error, Request>;
}) {
  const [rejecting, setRejecting] = useState<{ item: Item; opener: HTMLElement } | null>(null);
  const [decidingId, setDecidingId] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { headingRef, cardRef, focusCard, actedInDialog, returnFocusFrom } = useCardFocus();

  const decide = (item: Item, request: Request) => {
    const index = items.findIndex((other) => idOf(other) === idOf(item));
    const after = items[index + 1];
    const next = after === undefined ? null : idOf(after);
    const done = () => {
      // Approve has no dialog to hand the focus back: its button has left with its card.
      if (request.action === "approve") return focusCard(next);
      actedInDialog(next);
      setRejecting(null);
    };
    setNotice(null);
    setDecidingId(idOf(item));
    review.mutate(request, {
      onSuccess: done,
      onError: (error) => {
        if (!isGone(error)) return;
        setNotice(error.message);
        done();
      },
    });
  };

  const failure = review.error && !isGone(review.error) ? review.error.message : undefined;
  const forCard = (item: Item) => decidingId === idOf(item);

  return {
    headingRef,
    notice,
    decide,
    /** A card's buttons: `approval` is the request its Approve sends. A failed Reject shows in the dialog. */
    cardProps: (item: Item, approval: Request): DecisionProps => ({
      busy: review.isPending,
      approving: review.isPending && forCard(item),
      error: forCard(item) && !rejecting ? failure : undefined,
      cardRef: cardRef(idOf(item)),
      onApprove: () => decide(item, approval),
      onReject: (opener) => {
        review.reset();
        setRejecting({ item, opener });
      },
    }),
    /** The item whose Reject dialog is open, and what that dialog needs. */
    rejecting: rejecting && {
      item: rejecting.item,
      dialog: {
        pending: review.isPending,
        error: failure,
        onCancel: () => {
          review.reset();
          setRejecting(null);
        },
        onCloseAutoFocus: returnFocusFrom(rejecting.opener),
      },
    },
  };
}
