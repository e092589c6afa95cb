import { useState } from "react";
import { FAMILY_MESSAGES } from "../../../../core/family";
import { inviteParentSchema } from "../../../../core/schemas/family";
import { TextField } from "../../../components/ui/field";
import { FormDialog } from "../../../components/ui/form-dialog";
import { useInviteParent } from "../api/invite-parent";

/** 'Add a parent or guardian': a second grown-up gets the same kind of link, marked as an invitation. */
export function InviteParentDialog({
  child,
  onClose,
}: {
  child: { id: string; username: string };
  onClose: (note?: string) => void;
}) {
  const invite = useInviteParent(child.id);
  const [email, setEmail] = useState("");
  const [formatError, setFormatError] = useState<string | null>(null);

  const submit = () => {
    const parsed = inviteParentSchema.safeParse({ email });
    if (!parsed.success) {
      setFormatError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    const address = parsed.data.email;
    invite.mutate(address, { onSuccess: () => onClose(FAMILY_MESSAGES.inviteSent(address)) });
  };

  return (
    <FormDialog
      onOpenChange={(open) => open || onClose()}
      title="Add a parent or guardian"
      description={`We'll email them a link. Once they say yes, they see ${child.username}'s card here too.`}
      submitLabel="Send invitation"
      busyLabel="Sending..."
      pending={invite.isPending}
      error={formatError ?? invite.error?.message}
      canSubmit={email.trim().length > 0}
      onSubmit={submit}
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        required
        onChange={(event) => {
          setEmail(event.target.value);
          setFormatError(null);
        }}
      />
    </FormDialog>
  );
}
