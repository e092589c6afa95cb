import { useQuery } from "@tanstack/react-query";
import { FAMILY_MESSAGES } from "../../../../core/family";
import { Lumi } from "../../../components/lumi";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { failureMessage } from "../../../lib/api-client";
import { sessionQuery, useSignOut } from "../../auth";
import { useWaitingStatus } from "../api/get-waiting-status";
import { useSendConsentAgain } from "../api/send-consent-again";

/** How often the screen asks whether the parent has said yes meanwhile. */
const CHECK_FOR_YES_MS = 60_000;

/** Focused as it appears, so a screen reader starts at the title. */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

/**
 * All a child's account sees until a parent agrees (issue 24): where the mail went, 'Send again' and 'Sign out'.
 * The parent says yes on their own device, so the session is read again now and then and whenever the child
 * comes back to the tab: the app opens by itself once the account is active.
 */
export default function WaitingScreen() {
  useQuery({ ...sessionQuery, refetchInterval: CHECK_FOR_YES_MS, refetchOnWindowFocus: "always" });
  const status = useWaitingStatus();
  const sendAgain = useSendConsentAgain();
  const signOut = useSignOut();

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-indigo-50 to-stone-50 p-4">
      <title>Waiting for a parent · Lamplight</title>
      <div className="flex w-full max-w-md flex-col items-center gap-4 rounded-2xl bg-white p-8 text-center shadow-lg">
        <Lumi mood="happy" size={88} />
        <h1 ref={focusOnMount} tabIndex={-1} className="text-2xl font-bold text-slate-900 outline-none">
          {FAMILY_MESSAGES.waitingTitle}
        </h1>
        {status.isPending ? (
          <div aria-hidden="true" className="flex w-full animate-pulse flex-col items-center gap-2">
            <div className="h-4 w-11/12 rounded bg-slate-100" />
            <div className="h-4 w-2/3 rounded bg-slate-100" />
          </div>
        ) : status.isError ? (
          <div className="flex w-full flex-col gap-3">
            <ErrorBox>{failureMessage(status.error, FAMILY_MESSAGES.waitingLoadFailed)}</ErrorBox>
            <Button variant="secondary" className="self-center" onClick={() => void status.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <p className="text-slate-700">{FAMILY_MESSAGES.waitingBody(status.data.maskedEmail)}</p>
        )}
        {/* Always there (empty, it takes no room), so that a screen reader hears the news when it arrives. */}
        <p role="status" className="text-sm font-semibold text-green-800">
          {sendAgain.isSuccess ? FAMILY_MESSAGES.sentAgain : ""}
        </p>
        <div className="w-full">
          {/* The server's own words: after 3 sends in an hour, how long to wait. */}
          <ErrorBox>{sendAgain.error?.message ?? signOut.error?.message}</ErrorBox>
        </div>
        <div className="flex flex-wrap justify-center gap-3">
          <Button onClick={() => sendAgain.mutate()} disabled={sendAgain.isPending} className="min-h-11">
            {sendAgain.isPending ? "Sending..." : "Send again"}
          </Button>
          <Button
            variant="secondary"
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
            className="min-h-11"
          >
            Sign out
          </Button>
        </div>
      </div>
    </main>
  );
}
