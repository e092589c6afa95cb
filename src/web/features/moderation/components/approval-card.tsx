import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import type { DecisionProps } from "../hooks/use-approval-queue";
import { ReasonDialog } from "./reason-dialog";

/**
 * A card waiting for a leader's approval (a photo or video, a profile picture), named by its heading
 * (`titleId`), with Approve and Reject under what it shows. It takes the focus once the card before it has gone.
 */
export function ApprovalCard({
  titleId,
  children,
  busy,
  approving,
  error,
  cardRef,
  onApprove,
  onReject,
}: DecisionProps & { titleId: string; children: ReactNode }) {
  return (
    <article
      ref={cardRef}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      {children}
      <ErrorBox>{error}</ErrorBox>
      <div className="flex flex-wrap gap-2">
        <Button disabled={busy} onClick={onApprove}>
          {approving ? "Approving..." : "Approve"}
        </Button>
        <Button variant="danger" disabled={busy} onClick={(event) => onReject(event.currentTarget)}>
          Reject
        </Button>
      </div>
    </article>
  );
}

/** Asks before a rejection, which cannot be taken back. The reason is optional, and kept in the audit log. */
export function RejectDialog({
  title,
  description,
  onReject,
  ...dialog
}: {
  title: string;
  description: string;
  pending: boolean;
  error: string | undefined;
  onReject: (reason: string) => void;
  onCancel: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <ReasonDialog
      title={title}
      description={description}
      reasonOptional
      submitLabel="Reject"
      busyLabel="Rejecting..."
      submitVariant="danger"
      onSubmit={onReject}
      {...dialog}
    />
  );
}
