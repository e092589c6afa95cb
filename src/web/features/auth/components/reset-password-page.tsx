import { ArrowLeft, CircleAlert, CircleCheck } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { MESSAGES } from "../../../../core/messages";
import { newPasswordError, resetTokenSchema } from "../../../../core/schemas/auth";
import { NewPasswordFields } from "../../../components/new-password-fields";
import { Button, buttonClass } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError, failureMessage } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { useSession } from "../api/get-session";
import { useResetPassword } from "../api/reset-password";
import { verifyResetToken } from "../api/verify-reset-token";

export const REDIRECT_AFTER_RESET_MS = 3000;

type View =
  | { name: "processing" }
  | { name: "link-problem"; message: string }
  | { name: "form"; token: string }
  | { name: "success" }
  | { name: "signed-in" };

/** Reads the link's fragment (`#token=…&type=recovery`): fragments never reach a server log or a referrer. */
function readLink(hash: string): { kind: "none" } | { kind: "malformed" } | { kind: "link"; token: string } {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  if ([...params.keys()].length === 0) return { kind: "none" };
  const token = params.get("token");
  if (params.get("type") !== "recovery" || !token || !resetTokenSchema.safeParse(token).success) {
    return { kind: "malformed" };
  }
  return { kind: "link", token };
}

function messageForVerifyFailure(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return MESSAGES.resetLinkProcessingError;
  if (error.code === "reset_link_malformed") return MESSAGES.resetLinkMalformed;
  if (error.code === "reset_link_invalid") return MESSAGES.resetLinkInvalid;
  return MESSAGES.resetLinkCannotAuthenticate;
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-indigo-50 to-stone-50 p-4">
      <title>Reset Password · Lamplight</title>
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg">{children}</div>
    </main>
  );
}

export default function ResetPasswordPage() {
  const session = useSession();
  const [view, setView] = useState<View>({ name: "processing" });
  const navigate = useNavigate();
  const linkRead = useRef(false);

  useEffect(() => {
    // The link is read once: afterwards it is gone from the address bar.
    if (session.isPending || linkRead.current) return;
    linkRead.current = true;
    const link = readLink(window.location.hash);
    // The token now lives in memory only; keep it out of the address bar and history.
    if (link.kind !== "none") window.history.replaceState(null, "", window.location.pathname);
    if (link.kind === "none") {
      setView(
        session.data?.user
          ? { name: "signed-in" }
          : { name: "link-problem", message: MESSAGES.resetLinkMissing },
      );
      return;
    }
    if (link.kind === "malformed") {
      setView({ name: "link-problem", message: MESSAGES.resetLinkMalformed });
      return;
    }
    verifyResetToken(link.token).then(
      () => setView({ name: "form", token: link.token }),
      (error) => setView({ name: "link-problem", message: messageForVerifyFailure(error) }),
    );
  }, [session.isPending, session.data]);

  useEffect(() => {
    if (view.name !== "success") return;
    const timer = setTimeout(() => navigate(paths.home, { replace: true }), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [view.name, navigate]);

  switch (view.name) {
    case "signed-in":
      return <Navigate to={paths.profile} replace />;
    case "processing":
      return (
        <Shell>
          <div className="flex flex-col items-center gap-4 text-center">
            <Spinner className="size-10" label="Processing Reset Link" />
            <h1 className="text-2xl font-bold text-slate-900">Processing Reset Link</h1>
            <p className="text-slate-700">Please wait while we verify your password reset request...</p>
          </div>
        </Shell>
      );
    case "link-problem":
      return (
        <Shell>
          <div className="flex flex-col items-center gap-4 text-center">
            <CircleAlert aria-hidden="true" className="size-12 text-red-700" />
            <h1 className="text-2xl font-bold text-slate-900">Reset Link Issue</h1>
            <p className="text-slate-700">{view.message}</p>
            <Link to={paths.home} className={buttonClass("primary")}>
              Back to Login
            </Link>
          </div>
        </Shell>
      );
    case "success":
      return (
        <Shell>
          <div className="flex flex-col items-center gap-4 text-center" role="status">
            <CircleCheck aria-hidden="true" className="size-12 text-green-700" />
            <h1 className="text-2xl font-bold text-slate-900">Password Updated!</h1>
            <p className="text-slate-700">
              Your password has been successfully updated. You'll be redirected to the app shortly.
            </p>
            <Spinner label="Redirecting" />
          </div>
        </Shell>
      );
    case "form":
      return (
        <Shell>
          <ResetPasswordForm token={view.token} onDone={() => setView({ name: "success" })} />
        </Shell>
      );
  }
}

function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const resetPassword = useResetPassword();
  const busy = resetPassword.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = newPasswordError(password, confirm, MESSAGES.passwordsDoNotMatch);
    if (problem) return setError(problem);
    setError(null);
    resetPassword.mutate(
      { token, newPassword: password },
      {
        onSuccess: onDone,
        // Spec §8: the error's own message, or 'Failed to update password'.
        onError: (failure) => setError(failureMessage(failure, MESSAGES.passwordUpdateFailed)),
      },
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-labelledby="reset-title" noValidate>
      <Link
        to={paths.home}
        aria-label="Back to sign in"
        className="w-fit rounded-md p-1 text-slate-700 hover:bg-slate-100"
      >
        <ArrowLeft aria-hidden="true" className="size-5" />
      </Link>
      <div>
        <h1 id="reset-title" className="text-2xl font-bold text-slate-900">
          Reset Your Password
        </h1>
        <p className="text-slate-700">Enter your new password below</p>
      </div>
      <NewPasswordFields
        password={password}
        confirm={confirm}
        onPasswordChange={setPassword}
        onConfirmChange={setConfirm}
        confirmLabel="Confirm password"
      />
      <ErrorBox>{error}</ErrorBox>
      <Button type="submit" disabled={busy || !password || !confirm || password !== confirm}>
        {busy ? "Updating Password..." : "Update Password"}
      </Button>
    </form>
  );
}
