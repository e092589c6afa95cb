import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import type { ReactNode, RefObject } from "react";

/**
 * The phone's menu: the main links in a drawer from the left, a real modal dialog (Radix). Loaded on first use
 * by the signed-in layout, whose button opens it and takes the focus back when it closes.
 */
export default function MobileMenu({
  onClose,
  returnFocusTo,
  children,
}: {
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  return (
    <RadixDialog.Root open onOpenChange={(open) => open || onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 md:hidden" />
        <RadixDialog.Content
          // Radix gives the focus back only to its own Trigger; the layout's button is an ordinary one.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 w-72 bg-white p-4 shadow-xl md:hidden"
        >
          <div className="mb-4 flex items-center justify-between">
            <RadixDialog.Title className="text-lg font-bold text-indigo-900">Menu</RadixDialog.Title>
            <RadixDialog.Close aria-label="Close menu" className="rounded-lg p-2 hover:bg-slate-100">
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          <RadixDialog.Description className="sr-only">Go to a part of Lamplight</RadixDialog.Description>
          <nav aria-label="Main">{children}</nav>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
