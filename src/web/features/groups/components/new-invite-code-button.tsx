import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useRenewInviteCode } from "../api/renew-invite-code";

/**
 * 'New invite code', for the group's owner and its leaders (canRenewInviteCode): after a confirmation that says
 * the old code stops working, the group gets a new one, shown at once. For a code that was shared too widely.
 */
export function NewInviteCodeButton({ groupId, inviteCode }: { groupId: string; inviteCode: string }) {
  const [open, setOpen] = useState(false);
  const renew = useRenewInviteCode(groupId);

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <RefreshCw aria-hidden="true" className="size-4" />
        New invite code
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (!next) renew.reset();
          setOpen(next);
        }}
        title="Make a new invite code?"
        description={`The code ${inviteCode} will stop working at once, so nobody can join with it anymore. Everyone already in the group stays. Share the new code with the people you still want to invite.`}
        confirmLabel="Make new code"
        busyLabel="Making..."
        variant="primary"
        pending={renew.isPending}
        error={renew.error?.message}
        onConfirm={() => renew.mutate(undefined, { onSuccess: () => setOpen(false) })}
      />
    </>
  );
}
