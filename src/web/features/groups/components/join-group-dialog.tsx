import { type FormEvent, useState } from "react";
import { INVITE_CODE_LENGTH } from "../../../../core/schemas/groups";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { ErrorBox } from "../../../components/ui/error-box";
import { TextField } from "../../../components/ui/field";
import { useJoinGroup } from "../api/join-group";

/** 'Join Study Group': an invite code, matched in any case. */
export function JoinGroupDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [code, setCode] = useState("");
  const join = useJoinGroup();

  const close = (next: boolean) => {
    if (join.isPending) return;
    if (!next) {
      setCode("");
      join.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    join.mutate(code.trim(), { onSuccess: () => close(false) });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Join Study Group"
      description="Ask a member of the group for its invite code."
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label="Invite code"
          value={code}
          maxLength={INVITE_CODE_LENGTH + 4}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          className="font-mono"
          onChange={(event) => setCode(event.target.value)}
        />
        <ErrorBox>{join.error?.message}</ErrorBox>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)} disabled={join.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={join.isPending || !code.trim()}>
            {join.isPending ? "Joining..." : "Join Group"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
