import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { ErrorBox } from "../../../components/ui/error-box";

/** Asks before deleting; stays open (showing why) when the deletion fails. */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  title,
  description,
  pending,
  error,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  pending: boolean;
  error: string | undefined;
  onConfirm: () => void;
}) {
  const close = (next: boolean) => {
    if (!pending) onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close} title={title} description={description}>
      <div className="flex flex-col gap-4">
        <ErrorBox>{error}</ErrorBox>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)} disabled={pending}>
            Cancel
          </Button>
          <Button variant="danger" disabled={pending} onClick={onConfirm}>
            {pending ? "Deleting..." : "Delete"}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
