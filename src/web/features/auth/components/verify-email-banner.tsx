import { MailCheck } from "lucide-react";
import { useId } from "react";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { useSession } from "../api/get-session";
import { useSendVerificationEmail } from "../api/send-verification-email";

/**
 * Asks an account whose address is not confirmed yet to open its link, on every signed-in page. Everything
 * else works meanwhile; only becoming a leader or an admin waits for it. 'Send again' mails a new link.
 */
export function VerifyEmailBanner() {
  const session = useSession();
  const sendAgain = useSendVerificationEmail();
  const headingId = useId();
  const user = session.data?.user;
  // A child under 13 has no email of their own to confirm.
  if (!user?.email || user.emailVerified) return null;

  return (
    <section
      aria-labelledby={headingId}
      className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-300"
    >
      <MailCheck aria-hidden="true" className="size-6 shrink-0 text-amber-800" />
      <div className="min-w-0 flex-1 text-sm text-amber-950">
        {/* Not a heading: it comes before the page's own h1. */}
        <p id={headingId} className="font-bold">
          Please confirm your email
        </p>
        <p>
          We sent a link to <span className="font-semibold break-all">{user.email}</span>. Open it to confirm
          that the address is yours.
        </p>
        {/* Always there (empty, it takes no room), so that a screen reader hears the news when it arrives. */}
        <p role="status" className="font-semibold">
          {sendAgain.isSuccess ? `We've sent a new link to ${user.email}. It works for 24 hours.` : ""}
        </p>
      </div>
      <Button variant="secondary" onClick={() => sendAgain.mutate()} disabled={sendAgain.isPending}>
        {sendAgain.isPending ? "Sending..." : "Send again"}
      </Button>
      {sendAgain.error && (
        <div className="w-full">
          <ErrorBox>{sendAgain.error.message}</ErrorBox>
        </div>
      )}
    </section>
  );
}
