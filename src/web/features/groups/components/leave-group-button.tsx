import { LogOut } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { paths } from "../../../app/paths";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { ErrorBox } from "../../../components/ui/error-box";
import { useLeaveGroup } from "../api/leave-group";

/** 'Leave Group', after a confirmation; the member lands on /groups and can come back with the code. */
export function LeaveGroupButton({ groupId, groupName }: { groupId: string; groupName: string }) {
  const [open, setOpen] = useState(false);
  const leave = useLeaveGroup(groupId);
  const navigate = useNavigate();

  const change = (next: boolean) => {
    if (leave.isPending) return;
    if (!next) leave.reset();
    setOpen(next);
  };

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <LogOut aria-hidden="true" className="size-4" />
        Leave Group
      </Button>
      <Dialog
        open={open}
        onOpenChange={change}
        title={`Leave ${groupName}?`}
        description="You'll stop seeing its posts and chat. You can join again with the invite code."
      >
        <div className="flex flex-col gap-4">
          <ErrorBox>{leave.error?.message}</ErrorBox>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => change(false)} disabled={leave.isPending}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={leave.isPending}
              onClick={() => leave.mutate(undefined, { onSuccess: () => navigate(paths.groups) })}
            >
              {leave.isPending ? "Leaving..." : "Leave Group"}
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
