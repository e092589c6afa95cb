import { Button } from "./button";
import { Dialog } from "./dialog";
import { ErrorBox } from "./error-box";

/**
 * Asks before something that cannot be taken back (deleting, leaving). It cannot be closed while the action is
 * under way, so the reader learns how it ended, and stays open showing why when it fails.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busyLabel,
  pending,
  error,
  onConfirm,
  variant = "danger",
  onCloseAutoFocus,
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
  const close = (next: boolean) => {
    if (!pending) onOpenChange(next);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={title}
      description={description}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <div className="flex flex-col gap-4">
        <ErrorBox>{error}</ErrorBox>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)} disabled={pending}>
            Cancel
          </Button>
          <Button variant={variant} disabled={pending} onClick={onConfirm}>
            {pending ? busyLabel : confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
