import { useState } from "react";
import { FAMILY_MESSAGES } from "../../../../core/family";
import { newPasswordError } from "../../../../core/schemas/auth";
import { NewPasswordFields } from "../../../components/new-password-fields";
import { FormDialog } from "../../../components/ui/form-dialog";
import { useResetChildPassword } from "../api/reset-child-password";

/** 'Reset password' for a child, who has no email to reset it by: the parent chooses the new one. */
export function ResetChildPasswordDialog({
  child,
  onClose,
}: {
  child: { id: string; username: string };
  /** With the sentence to show on the card once the password is set, or nothing when cancelled. */
  onClose: (note?: string) => void;
}) {
  const reset = useResetChildPassword(child.id);
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [ruleError, setRuleError] = useState<string | null>(null);

  const submit = () => {
    const problem = newPasswordError(password, confirm);
    setRuleError(problem);
    if (problem) return;
    reset.mutate(password, { onSuccess: () => onClose(FAMILY_MESSAGES.childPasswordSet(child.username)) });
  };

  return (
    <FormDialog
      onOpenChange={(open) => open || onClose()}
      title={`Reset ${child.username}'s password`}
      description="Choose a new password and tell it to them. They will be signed out on every device."
      submitLabel="Set new password"
      busyLabel="Setting password..."
      pending={reset.isPending}
      error={ruleError ?? reset.error?.message}
      canSubmit={password.length > 0 && confirm.length > 0}
      onSubmit={submit}
    >
      <NewPasswordFields
        password={password}
        confirm={confirm}
        onPasswordChange={(value) => {
          setPassword(value);
          setRuleError(null);
        }}
        onConfirmChange={(value) => {
          setConfirm(value);
          setRuleError(null);
        }}
        confirmLabel="Confirm new password"
      />
    </FormDialog>
  );
}
