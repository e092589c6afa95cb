import { useState } from "react";
import { FAMILY_MESSAGES } from "../../../../core/family";
import { PasswordField } from "../../../components/ui/field";
import { FormDialog } from "../../../components/ui/form-dialog";
import { useDeleteChild } from "../api/delete-child";

/**
 * "Delete my child's account", confirmed with the parent's own password, so that a signed-in device left open
 * is not enough. The card goes once it is done, so the page says what happened and takes the focus.
 */
export function DeleteChildDialog({
  child,
  onClose,
  onDeleted,
  onCloseAutoFocus,
}: {
  child: { id: string; username: string };
  onClose: () => void;
  onDeleted: (note: string) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const deleteChild = useDeleteChild(child.id);
  const [password, setPassword] = useState("");

  const submit = () => {
    deleteChild.mutate(password, {
      onSuccess: () => onDeleted(FAMILY_MESSAGES.childDeleted(child.username)),
    });
  };

  return (
    <FormDialog
      onOpenChange={(open) => open || onClose()}
      onCloseAutoFocus={onCloseAutoFocus}
      title={`Delete ${child.username}'s account`}
      description={FAMILY_MESSAGES.deleteChildWarning(child.username)}
      submitLabel="Delete their account"
      busyLabel="Deleting..."
      submitVariant="danger"
      pending={deleteChild.isPending}
      error={deleteChild.error?.message}
      canSubmit={password.length > 0}
      onSubmit={submit}
    >
      <PasswordField
        label="Your password"
        autoComplete="current-password"
        value={password}
        required
        onChange={(event) => setPassword(event.target.value)}
      />
    </FormDialog>
  );
}
