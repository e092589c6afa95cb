import { type FormEvent, useState } from "react";
import { MESSAGES } from "../../../../core/messages";
import { forgotPasswordSchema } from "../../../../core/schemas/auth";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { ErrorBox } from "../../../components/ui/error-box";
import { TextField } from "../../../components/ui/field";
import { failureMessage } from "../../../lib/api-client";
import { useRequestPasswordReset } from "../api/request-password-reset";

type Step = "email" | "sent" | "error";

const TITLES: Record<Step, string> = {
  email: "Forgot Password",
  sent: "Check Your Email",
  error: "Reset Failed",
};

/**
 * Asks for a password reset link (spec §2 "Forgot-password dialog"): email → sent, or email → error → email.
 * The steps live only while the dialog is open, so closing it forgets the email, the error and the step.
 */
export function ForgotPasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return open ? <ForgotPasswordSteps onOpenChange={onOpenChange} /> : null;
}

function ForgotPasswordSteps({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const [step, setStep] = useState<Step>("email");
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const requestReset = useRequestPasswordReset();
  const close = () => onOpenChange(false);

  function fail(message: string) {
    setError(message);
    setStep("error");
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || requestReset.isPending) return;
    // A malformed address is the same kind of failure the server would report, with the same hint.
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? MESSAGES.resetEmailFailed);
    requestReset.mutate(parsed.data.email, {
      onSuccess: () => setStep("sent"),
      // Spec §8: the provider's message, or 'Failed to send reset email'.
      onError: (cause) => fail(failureMessage(cause, MESSAGES.resetEmailFailed)),
    });
  }

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={TITLES[step]}
      description={
        step === "email"
          ? "Type the email you signed up with and we'll send you a link to choose a new password."
          : undefined
      }
    >
      {step === "email" && (
        <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            // Radix would otherwise focus the dialog's close button; the email is what the visitor came to type.
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button
            type="submit"
            disabled={!email.trim() || requestReset.isPending}
            className="min-h-11 w-full"
          >
            {requestReset.isPending ? "Sending..." : "Send Reset Link"}
          </Button>
        </form>
      )}

      {/* Always present, so that screen readers announce the confirmation when it appears. */}
      <div aria-live="polite">
        {step === "sent" && (
          <p className="text-base text-slate-800">
            If an account exists for <strong className="break-all">{email.trim()}</strong>, a reset link is on
            its way. The link expires in 1 hour.
          </p>
        )}
      </div>
      {step === "sent" && (
        <div className="mt-6 flex justify-end">
          {/* The Send button that held focus is gone; focus lands on the way out instead of the dialog's edge. */}
          <Button onClick={close} autoFocus className="min-h-11">
            Close
          </Button>
        </div>
      )}

      {step === "error" && (
        <div className="flex flex-col gap-4">
          <ErrorBox>{error}</ErrorBox>
          <p className="text-sm text-slate-700">{MESSAGES.resetEmailHint}</p>
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={close} className="min-h-11">
              Close
            </Button>
            {/* The Send button that held focus is gone; the likely next step takes it. */}
            <Button
              onClick={() => {
                setError(null);
                setStep("email");
              }}
              autoFocus
              className="min-h-11"
            >
              Try Again
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
