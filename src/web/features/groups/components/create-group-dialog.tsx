import { useState } from "react";
import { createGroupSchema, GROUP_NAME_MAX_LENGTH } from "../../../../core/schemas/groups";
import { TextField } from "../../../components/ui/field";
import { FormDialog } from "../../../components/ui/form-dialog";
import { useCreateGroup } from "../api/create-group";

/** 'Create Study Group': a name, non-blank; the creator becomes the owner and gets the invite code. */
export function CreateGroupDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [name, setName] = useState("");
  const create = useCreateGroup();

  const close = (next: boolean) => {
    if (!next) {
      setName("");
      create.reset();
    }
    onOpenChange(next);
  };

  const submit = () => {
    const parsed = createGroupSchema.safeParse({ name });
    if (!parsed.success) return;
    create.mutate(parsed.data.name, { onSuccess: () => close(false) });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title="Create Study Group"
      description="Give your group a name. You will get an invite code to share with friends."
      submitLabel="Create Group"
      busyLabel="Creating..."
      pending={create.isPending}
      error={create.error?.message}
      canSubmit={name.trim() !== ""}
      onSubmit={submit}
    >
      <TextField
        label="Group name"
        value={name}
        maxLength={GROUP_NAME_MAX_LENGTH}
        autoComplete="off"
        required
        onChange={(event) => setName(event.target.value)}
      />
    </FormDialog>
  );
}
