import { type FormEvent, useState } from "react";
import { createGroupSchema, GROUP_NAME_MAX_LENGTH } from "../../../../core/schemas/groups";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { ErrorBox } from "../../../components/ui/error-box";
import { TextField } from "../../../components/ui/field";
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
    if (create.isPending) return;
    if (!next) {
      setName("");
      create.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createGroupSchema.safeParse({ name });
    if (!parsed.success) return;
    create.mutate(parsed.data.name, { onSuccess: () => close(false) });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Create Study Group"
      description="Give your group a name. You will get an invite code to share with friends."
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label="Group name"
          value={name}
          maxLength={GROUP_NAME_MAX_LENGTH}
          autoComplete="off"
          required
          onChange={(event) => setName(event.target.value)}
        />
        <ErrorBox>{create.error?.message}</ErrorBox>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending || !name.trim()}>
            {create.isPending ? "Creating..." : "Create Group"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
