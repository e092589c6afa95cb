import { Popover } from "radix-ui";
import { type ReactNode, type RefObject, useRef } from "react";

/**
 * The bell's popover (Radix), beside the bell rather than around it: the bell is drawn with every signed-in
 * page, and this loads on first use. So Radix's focus handling, which serves its own Trigger, is done here
 * for the bell.
 */
export default function NotificationsPopover({
  bell,
  titleId,
  onClose,
  children,
}: {
  bell: RefObject<HTMLElement | null>;
  titleId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  // Whether the reader clicked or tabbed elsewhere, where the focus then stays.
  const wentElsewhere = useRef(false);
  return (
    <Popover.Root open onOpenChange={(open) => open || onClose()}>
      <Popover.Anchor virtualRef={bell} />
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          aria-labelledby={titleId}
          collisionPadding={8}
          onInteractOutside={(event) => {
            // A press on the bell closes the popover through the bell's own click; closing here too would
            // have that click open it again.
            if (event.target instanceof Node && bell.current?.contains(event.target)) event.preventDefault();
            else wentElsewhere.current = true;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!wentElsewhere.current) bell.current?.focus();
          }}
          className="z-50 flex max-h-[min(28rem,var(--radix-popover-content-available-height))] w-80 max-w-[calc(100vw-1rem)] flex-col rounded-xl border border-slate-200 bg-white shadow-lg"
        >
          {children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
