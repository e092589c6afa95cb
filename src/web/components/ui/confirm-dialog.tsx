import { FormDialog } from "./form-dialog";

/**
 * Asks before something that cannot be taken back (deleting, leaving): a FormDialog without fields, so it has the
 * same error box, Cancel and busy label, cannot be closed while the action is under way, and stays open showing
 * why when it fails.
 */
export function ConfirmDialog({
  confirmLabel,
  onConfirm,
  variant = "danger",
  ...props
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The confirm button, e.g. 'Delete'; `busyLabel` ('Deleting...') while `pending`. */
  confirmLabel: string;
  busyLabel: string;
  pending: boolean;
  error: string | undefined;
  onConfirm: () => void;
  variant?: "danger" | "primary";
  /** As Dialog's: an action that removes what opened the dialog sends the focus somewhere that stays. */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return <FormDialog {...props} submitLabel={confirmLabel} submitVariant={variant} onSubmit={onConfirm} />;
}
