import { useQueryClient } from "@tanstack/react-query";
import { CircleAlert, CircleCheck } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { EMAIL_VERIFICATION_MESSAGES } from "../../../../core/email-verification";
import { MESSAGES } from "../../../../core/messages";
import { Button, buttonClass } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { useSession } from "../api/get-session";
import { useSendVerificationEmail } from "../api/send-verification-email";
import { verifyEmail } from "../api/verify-email";

type View =
  | { name: "processing" }
  | { name: "confirmed" }
  /** `newLink`: the link is spent or broken and a fresh one is what helps. */
  | { name: "problem"; message: string; newLink: boolean };

/** The token from the link's fragment (`#token=…`), which never reaches a server log or a referrer. */
function readToken(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, "")).get("token");
}

function problemFor(error: unknown): View {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500)
    return { name: "problem", message: MESSAGES.somethingWentWrong, newLink: false };
  if (error.code === "verification_link_used")
    return { name: "problem", message: EMAIL_VERIFICATION_MESSAGES.used, newLink: false };
  return { name: "problem", message: error.message, newLink: true };
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-indigo-50 to-stone-50 p-4">
      <title>Confirm Your Email · Lamplight</title>
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg">
        <div className="flex flex-col items-center gap-4 text-center">{children}</div>
      </div>
    </main>
  );
}

/** Where a 'Confirm your email' link lands: it confirms the address and says so, or says what went wrong. */
export default function VerifyEmailPage() {
  const [view, setView] = useState<View>({ name: "processing" });
  const queryClient = useQueryClient();
  const session = useSession();
  const linkRead = useRef(false);

  useEffect(() => {
    // The link is read once: afterwards it is gone from the address bar.
    if (linkRead.current) return;
    linkRead.current = true;
    const token = readToken(window.location.hash);
    // The token now lives in memory only; keep it out of the address bar and history.
    if (window.location.hash) window.history.replaceState(null, "", window.location.pathname);
    if (!token) {
      setView({ name: "problem", message: EMAIL_VERIFICATION_MESSAGES.missing, newLink: false });
      return;
    }
    verifyEmail(token).then(
      () => {
        setView({ name: "confirmed" });
        // The banner goes, and a role ADMIN_EMAILS gave at this moment shows.
        void queryClient.invalidateQueries();
      },
      (error) => setView(problemFor(error)),
    );
  }, [queryClient]);

  const signedIn = Boolean(session.data?.user);
  const unconfirmed = session.data?.user?.emailVerified === false;
  const onward = (
    <Link to={paths.home} className={buttonClass("primary")}>
      {signedIn ? "Go to Lamplight" : "Back to Sign In"}
    </Link>
  );

  switch (view.name) {
    case "processing":
      return (
        <Shell>
          <Spinner className="size-10" label="Confirming your email" />
          <h1 className="text-2xl font-bold text-slate-900">Confirming Your Email</h1>
          <p className="text-slate-700">Please wait a moment...</p>
        </Shell>
      );
    case "confirmed":
      return (
        <Shell>
          <CircleCheck aria-hidden="true" className="size-12 text-green-700" />
          <h1 className="text-2xl font-bold text-slate-900">Email Confirmed</h1>
          <p role="status" className="text-slate-700">
            {EMAIL_VERIFICATION_MESSAGES.confirmed}
          </p>
          {onward}
        </Shell>
      );
    case "problem":
      return (
        <Shell>
          <CircleAlert aria-hidden="true" className="size-12 text-red-700" />
          <h1 className="text-2xl font-bold text-slate-900">Confirmation Link Issue</h1>
          <p className="text-slate-700">{view.message}</p>
          {view.newLink && unconfirmed && <SendNewLink />}
          {view.newLink && !signedIn && (
            <p className="text-slate-700">
              For a new link, sign in and choose 'Send again' at the top of your page.
            </p>
          )}
          {onward}
        </Shell>
      );
  }
}

function SendNewLink() {
  const sendAgain = useSendVerificationEmail();
  return (
    <div className="flex w-full flex-col items-center">
      <Button variant="secondary" onClick={() => sendAgain.mutate()} disabled={sendAgain.isPending}>
        {sendAgain.isPending ? "Sending..." : "Send a new link"}
      </Button>
      {/* Always there, so that a screen reader hears the news when it arrives. */}
      <p role="status" className="mt-2 text-sm text-slate-700">
        {sendAgain.isSuccess ? "We've sent a new link. Please check your email." : ""}
      </p>
      {sendAgain.error && (
        <div className="w-full">
          <ErrorBox>{sendAgain.error.message}</ErrorBox>
        </div>
      )}
    </div>
  );
}
