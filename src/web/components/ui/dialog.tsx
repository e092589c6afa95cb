import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import { type ReactNode, useLayoutEffect, useRef } from "react";

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Focus goes back to what opened the dialog; `event.preventDefault()` here sends it elsewhere, when that is gone. */
  onCloseAutoFocus?: (event: Event) => void;
};

/** The fields a dialog opens on: the first that takes typing or a choice, never a hidden or disabled one. */
const FIRST_FIELD =
  'input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), select:not(:disabled)';

/**
 * Radix focuses the first thing it can, which is the close button in the corner. Whoever opens a dialog with a
 * form came to fill it in: the focus goes to its first field instead. A dialog without one (a confirmation)
 * keeps Radix's choice; one whose field has `autoFocus` never gets here, its focus is already inside.
 */
function focusFirstField(event: Event) {
  const content = event.currentTarget;
  const field = content instanceof HTMLElement ? content.querySelector<HTMLElement>(FIRST_FIELD) : null;
  if (!field) return;
  event.preventDefault();
  field.focus();
}

/** A real modal dialog (Radix): focus is trapped inside, Escape and the backdrop close it, focus returns after. */
export function Dialog({ open, onOpenChange, title, description, children, onCloseAutoFocus }: DialogProps) {
  // Radix returns focus only to its own Trigger; our dialogs are opened by ordinary buttons and menu items,
  // so remember what had focus when the dialog opened (before Radix moves focus inside) and go back to it.
  const returnTo = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) returnTo.current = document.activeElement;
  }, [open]);
  const restoreFocus = (event: Event) => {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const target = returnTo.current;
    returnTo.current = null;
    if (target?.isConnected) target.focus();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          onOpenAutoFocus={focusFirstField}
          onCloseAutoFocus={restoreFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <RadixDialog.Title className="min-w-0 text-xl font-bold wrap-anywhere text-slate-900">
              {title}
            </RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close"
              className="rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className="mb-4 text-sm text-slate-700">
              {description}
            </RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
