import { useState } from "react";
import { ACTION_REASON_MAX_LENGTH } from "../../../../core/schemas/moderation";
import { TextAreaField } from "../../../components/ui/field";
import { FormDialog } from "../../../components/ui/form-dialog";

/**
 * Asks a leader why before an action goes ahead (act on a report or an AI flag, lift a mute, reject a photo,
 * video or picture): the reason is kept in the audit log. As every form dialog, it cannot be closed while the
 * action is under way, and stays open showing why it failed.
 */
export function ReasonDialog({
  title,
  description,
  reasonOptional = false,
  submitLabel,
  busyLabel,
  submitVariant,
  pending,
  error,
  onSubmit,
  onCancel,
  onCloseAutoFocus,
}: {
  title: string;
  description: string;
  /** A rejection may go without a reason; every other action needs one. */
  reasonOptional?: boolean;
  submitLabel: string;
  busyLabel: string;
  submitVariant?: "primary" | "danger";
  pending: boolean;
  error: string | undefined;
  /** The reason as typed; the caller checks it with its action's schema. */
  onSubmit: (reason: string) => void;
  onCancel: () => void;
  /** Back to the button that asked, or on to the next card once the action went through. */
  onCloseAutoFocus: (event: Event) => void;
}) {
  const [reason, setReason] = useState("");

  return (
    <FormDialog
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={title}
      description={description}
      submitLabel={submitLabel}
      busyLabel={busyLabel}
      submitVariant={submitVariant}
      pending={pending}
      error={error}
      canSubmit={reasonOptional || reason.trim() !== ""}
      onSubmit={() => onSubmit(reason)}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <TextAreaField
        label={reasonOptional ? "Why? (optional, kept in the audit log)" : "Why? (kept in the audit log)"}
        value={reason}
        rows={3}
        maxLength={ACTION_REASON_MAX_LENGTH}
        required={!reasonOptional}
        onChange={(event) => setReason(event.target.value)}
      />
    </FormDialog>
  );
}
