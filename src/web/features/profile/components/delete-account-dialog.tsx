import { type FormEvent, useLayoutEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { DELETED_USER_NAME } from "../../../../core/schemas/feed";
import { ACCOUNT_MESSAGES } from "../../../../core/schemas/profile";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { ErrorBox } from "../../../components/ui/error-box";
import { PasswordField } from "../../../components/ui/field";
import { paths } from "../../../lib/paths";
import { useDeleteAccount } from "../api/delete-account";

/**
 * 'Delete my account': says what goes and what stays, and asks for the password again, so that whoever finds
 * a signed-in device cannot do it. It cannot be closed while the deletion is under way.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const deleteAccount = useDeleteAccount();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [missing, setMissing] = useState(false);
  const pending = deleteAccount.isPending;
  // Radix gives the focus back only to its own Trigger, which this dialog has not: remember what opened it.
  // A layout effect runs before Radix moves the focus inside.
  const openedFrom = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) openedFrom.current = document.activeElement;
  }, [open]);

  const close = (next: boolean) => {
    if (pending) return;
    if (!next) {
      // Closing forgets the password and the last answer.
      setPassword("");
      setMissing(false);
      deleteAccount.reset();
    }
    onOpenChange(next);
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!password) {
      setMissing(true);
      return;
    }
    deleteAccount.mutate(password, {
      onSuccess: () => navigate(paths.home, { replace: true }),
    });
  }

  const error = missing ? ACCOUNT_MESSAGES.passwordRequired : deleteAccount.error?.message;

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        openedFrom.current?.focus();
      }}
      title="Delete my account"
      description="This cannot be undone. You may want to download your data first."
    >
      <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
        <div className="flex flex-col gap-2 text-sm text-slate-800">
          <p>
            <strong>What is removed:</strong> your account and email address, your profile and picture, your
            progress, XP and achievements, your stories and their pictures, your questions to the helper, your
            notifications, and the photos and videos in your posts.
          </p>
          <p>
            <strong>What stays:</strong>{" "}
            {`Your posts, comments and messages stay in your groups as by '${DELETED_USER_NAME}'.`}
          </p>
          <p>
            A group you lead is handed to the member who has been in it longest. A group with only you in it
            is deleted.
          </p>
        </div>
        <PasswordField
          label="Your password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setMissing(false);
          }}
          required
        />
        <ErrorBox>{error}</ErrorBox>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => close(false)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={pending}>
            {pending ? "Deleting..." : "Delete my account"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
