import type { FormEvent, ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { ErrorBox } from "./error-box";

/**
 * A dialog that asks for a few fields and sends them: the fields (children), the red error box, Cancel and the
 * submit button, which reads `busyLabel` while `pending`. As Dialog does, it opens on its first field. It
 * cannot be closed while the request is under way, so the reader learns how it ended, and stays open showing
 * why when it fails.
 */
export function FormDialog({
  open = true,
  onOpenChange,
  title,
  description,
  children,
  submitLabel,
  busyLabel,
  submitVariant = "primary",
  pending,
  error,
  canSubmit = true,
  onSubmit,
  onCloseAutoFocus,
}: {
  /** Open unless told otherwise: a dialog that lives only while needed is simply rendered. */
  open?: boolean;
  /** Not called while `pending`. On close, the owner forgets what was typed and the request's error. */
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** The fields; none for a confirmation (ConfirmDialog). */
  children?: ReactNode;
  submitLabel: string;
  busyLabel: string;
  submitVariant?: "primary" | "danger";
  pending: boolean;
  error?: string;
  /** False while a required field is blank: the submit button waits, and Enter sends nothing. */
  canSubmit?: boolean;
  onSubmit: () => void;
  /** As Dialog's: where the focus goes when the dialog closes. */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const close = (next: boolean) => {
    if (!pending) onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit && !pending) onSubmit();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={title}
      description={description}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        {children}
        <ErrorBox>{error}</ErrorBox>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant={submitVariant} disabled={!canSubmit || pending}>
            {pending ? busyLabel : submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
