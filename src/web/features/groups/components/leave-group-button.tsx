import { LogOut } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useLeaveGroup } from "../api/leave-group";

/** 'Leave Group', after a confirmation; the member lands on /groups and can come back with the code. */
export function LeaveGroupButton({ groupId, groupName }: { groupId: string; groupName: string }) {
  const [open, setOpen] = useState(false);
  const leave = useLeaveGroup(groupId);

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <LogOut aria-hidden="true" className="size-4" />
        Leave Group
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (!next) leave.reset();
          setOpen(next);
        }}
        title={`Leave ${groupName}?`}
        description="You'll stop seeing its posts and chat. You can join again with the invite code."
        confirmLabel="Leave Group"
        busyLabel="Leaving..."
        pending={leave.isPending}
        error={leave.error?.message}
        onConfirm={() => leave.mutate()}
      />
    </>
  );
}
