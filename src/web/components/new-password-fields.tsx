import { passwordChecklist } from "../../core/schemas/auth";
import { Checklist } from "./ui/checklist";
import { PasswordField } from "./ui/field";

type NewPasswordFieldsProps = {
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  confirmLabel: string;
};

/** A new password, its confirmation (each with show/hide) and the spec's live checklist. */
export function NewPasswordFields({
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  confirmLabel,
}: NewPasswordFieldsProps) {
  const checklist = passwordChecklist(password, confirm);
  return (
    <>
      <PasswordField
        label="New password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => onPasswordChange(event.target.value)}
        required
      />
      <PasswordField
        label={confirmLabel}
        autoComplete="new-password"
        value={confirm}
        onChange={(event) => onConfirmChange(event.target.value)}
        required
      />
      <Checklist
        items={[
          { label: "At least 6 characters", met: checklist.longEnough },
          { label: "Passwords match", met: checklist.matches },
        ]}
      />
    </>
  );
}
