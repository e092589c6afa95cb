import { useState } from "react";
import { INVITE_CODE_LENGTH } from "../../../../core/schemas/groups";
import { TextField } from "../../../components/ui/field";
import { FormDialog } from "../../../components/ui/form-dialog";
import { joinFailureMessage, useJoinGroup } from "../api/join-group";

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
    if (!next) {
      setCode("");
      join.reset();
    }
    onOpenChange(next);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title="Join Study Group"
      description="Ask a member of the group for its invite code."
      submitLabel="Join Group"
      busyLabel="Joining..."
      pending={join.isPending}
      error={join.error ? joinFailureMessage(join.error) : undefined}
      canSubmit={code.trim() !== ""}
      onSubmit={() => join.mutate(code.trim(), { onSuccess: () => close(false) })}
    >
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
    </FormDialog>
  );
}
