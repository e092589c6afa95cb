import { CircleAlert, CircleCheck, LoaderCircle } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import {
  DEFAULT_FAMILY_PERMISSIONS,
  FAMILY_MESSAGES,
  type FamilyPermissions,
  WHAT_WE_KEEP,
} from "../../../../core/family";
import { signInSchema } from "../../../../core/schemas/auth";
import { type FamilyLinkPreview, parentSignUpSchema } from "../../../../core/schemas/family";
import { Button, buttonClass } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { ErrorBox } from "../../../components/ui/error-box";
import { PasswordField, TextField } from "../../../components/ui/field";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError, failureMessage } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { useSession } from "../../auth";
import { type ParentAccount, useAgreeToFamilyLink } from "../api/agree-to-family-link";
import { useDeclineFamilyLink } from "../api/decline-family-link";
import { previewFamilyLink } from "../api/preview-family-link";
import { SwitchList } from "./switch-list";

type View =
  | { name: "processing" }
  | { name: "link-problem" }
  | { name: "preview-failed"; token: string; message: string }
  | { name: "consent"; token: string; preview: FamilyLinkPreview }
  | { name: "agreed"; username: string }
  | { name: "declined" };

/** The mail's link carries its token in the fragment (`#token=…`): fragments never reach a server log. */
function readToken(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, "")).get("token") || null;
}

/** Each view's heading takes the focus as it appears, so a screen reader starts on what changed. */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

function Heading({ children }: { children: ReactNode }) {
  return (
    <h1 ref={focusOnMount} tabIndex={-1} className="text-2xl font-bold text-slate-900 outline-none">
      {children}
    </h1>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-indigo-50 to-stone-50 p-4">
      <title>A parent's yes · Lamplight</title>
      <div className="w-full max-w-lg rounded-2xl bg-white p-6 shadow-lg sm:p-8">{children}</div>
    </main>
  );
}

/** Asks the server what the link is about, then shows it, or the link problem for a used or expired link. */
function showPreview(token: string, setView: (view: View) => void) {
  setView({ name: "processing" });
  previewFamilyLink(token).then(
    (answer) => setView({ name: "consent", token, preview: answer }),
    (error) =>
      setView(
        error instanceof ApiError && error.status === 410
          ? { name: "link-problem" }
          : { name: "preview-failed", token, message: failureMessage(error, FAMILY_MESSAGES.linkProblem) },
      ),
  );
}

/**
 * Where a consent or invitation mail lands (issue 24), signed in or not: what Lamplight keeps about the child,
 * the switches for what they may do, the parent's own account, and 'I agree' or 'No, delete this account'.
 */
export default function ConsentPage() {
  const [view, setView] = useState<View>({ name: "processing" });
  const linkRead = useRef(false);

  useEffect(() => {
    // The link is read once: afterwards it is gone from the address bar.
    if (linkRead.current) return;
    linkRead.current = true;
    const token = readToken(window.location.hash);
    // The token now lives in memory only; keep it out of the address bar and history.
    if (window.location.hash) window.history.replaceState(null, "", window.location.pathname);
    if (token) showPreview(token, setView);
    else setView({ name: "link-problem" });
  }, []);

  switch (view.name) {
    case "processing":
      return (
        <Shell>
          <div className="flex flex-col items-center gap-4 text-center">
            <Spinner className="size-10" label="Opening the link" />
            <Heading>Opening the link</Heading>
          </div>
        </Shell>
      );
    case "link-problem":
      return (
        <Shell>
          <div className="flex flex-col items-center gap-4 text-center">
            <CircleAlert aria-hidden="true" className="size-12 text-red-700" />
            <Heading>{FAMILY_MESSAGES.linkProblemTitle}</Heading>
            <p className="text-slate-700">{FAMILY_MESSAGES.linkProblem}</p>
            <Link to={paths.home} className={buttonClass("primary")}>
              Go to Lamplight
            </Link>
          </div>
        </Shell>
      );
    case "preview-failed":
      return (
        <Shell>
          <div className="flex flex-col items-center gap-4 text-center">
            <CircleAlert aria-hidden="true" className="size-12 text-red-700" />
            <Heading>We couldn't open this link</Heading>
            <p className="text-slate-700">{view.message}</p>
            <Button onClick={() => showPreview(view.token, setView)}>Try again</Button>
          </div>
        </Shell>
      );
    case "consent":
      return (
        <Shell>
          <ConsentForm
            token={view.token}
            preview={view.preview}
            onAgreed={(username) => setView({ name: "agreed", username })}
            onDeclined={() => setView({ name: "declined" })}
          />
        </Shell>
      );
    case "agreed":
      return (
        <Shell>
          <div className="flex flex-col items-center gap-4 text-center">
            <CircleCheck aria-hidden="true" className="size-12 text-green-700" />
            <Heading>Thank you!</Heading>
            <p className="text-slate-700">{FAMILY_MESSAGES.accountOpen(view.username)}</p>
            <Link to={paths.family} className={buttonClass("primary")}>
              Go to Your family
            </Link>
          </div>
        </Shell>
      );
    case "declined":
      return (
        <Shell>
          <div className="flex flex-col items-center gap-4 text-center">
            <CircleCheck aria-hidden="true" className="size-12 text-slate-700" />
            <Heading>{FAMILY_MESSAGES.declinedTitle}</Heading>
            <p className="text-slate-700">{FAMILY_MESSAGES.declinedBody}</p>
            <Link to={paths.home} className={buttonClass("secondary")}>
              Go to Lamplight
            </Link>
          </div>
        </Shell>
      );
  }
}

type AccountField = "email" | "password";
const ACCOUNT_FIELD_ORDER: AccountField[] = ["email", "password"];

function ConsentForm({
  token,
  preview,
  onAgreed,
  onDeclined,
}: {
  token: string;
  preview: FamilyLinkPreview;
  onAgreed: (username: string) => void;
  onDeclined: () => void;
}) {
  const session = useSession();
  const agree = useAgreeToFamilyLink();
  const decline = useDeclineFamilyLink();
  const [permissions, setPermissions] = useState<FamilyPermissions>(DEFAULT_FAMILY_PERMISSIONS);
  const [accountKind, setAccountKind] = useState<"new" | "existing">("new");
  const [anotherAccount, setAnotherAccount] = useState(false);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [clientError, setClientError] = useState<string | null>(null);
  const [invalidField, setInvalidField] = useState<AccountField | null>(null);
  const [declineOpen, setDeclineOpen] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();
  const { username } = preview.child;
  // A child's own account (it has no email) may be signed in on the family's shared device: the parent still
  // signs in with their own, which takes its place here.
  const signedInEmail = anotherAccount ? null : (session.data?.user?.email ?? null);
  const error = clientError ?? agree.error?.message ?? null;

  function clearProblems() {
    setClientError(null);
    setInvalidField(null);
    agree.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (agree.isPending) return;
    let account: ParentAccount | undefined;
    if (!signedInEmail) {
      // A new account's password follows the rules; signing in takes any password, as the sign-in form does.
      const schema = accountKind === "new" ? parentSignUpSchema : signInSchema;
      const parsed = schema.safeParse({ email, password });
      if (!parsed.success) {
        const rank = (path: PropertyKey | undefined) => {
          const index = ACCOUNT_FIELD_ORDER.indexOf(path as AccountField);
          return index === -1 ? Number.POSITIVE_INFINITY : index;
        };
        const issue = [...parsed.error.issues].sort((a, b) => rank(a.path[0]) - rank(b.path[0]))[0];
        const field = ACCOUNT_FIELD_ORDER.find((name) => name === issue?.path[0]) ?? null;
        setClientError(issue?.message ?? FAMILY_MESSAGES.parentSignInFailed);
        setInvalidField(field);
        const input = field ? formRef.current?.elements.namedItem(field) : null;
        if (input instanceof HTMLInputElement) input.focus();
        return;
      }
      account = { kind: accountKind, ...parsed.data };
    }
    setClientError(null);
    setInvalidField(null);
    agree.mutate(
      { token, permissions: preview.withSwitches ? permissions : undefined, account },
      { onSuccess: (answer) => onAgreed(answer.child.username) },
    );
  }

  const title =
    preview.kind === "consent"
      ? FAMILY_MESSAGES.consentTitle(username)
      : FAMILY_MESSAGES.invitationTitle(username);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Heading>{title}</Heading>
        <p className="text-slate-700">{FAMILY_MESSAGES.linkSentTo(preview.maskedEmail)}</p>
      </div>

      <section aria-labelledby={`${ids}-keep`} className="flex flex-col gap-2">
        <h2 id={`${ids}-keep`} className="text-lg font-bold text-slate-900">
          What Lamplight keeps about your child
        </h2>
        <ul className="list-disc pl-5 text-slate-700">
          {WHAT_WE_KEEP.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>

      {preview.withSwitches && (
        <section aria-labelledby={`${ids}-may-do`} className="flex flex-col gap-2">
          <h2 id={`${ids}-may-do`} className="text-lg font-bold text-slate-900">
            What your child may do
          </h2>
          <p className="text-sm text-slate-700">{FAMILY_MESSAGES.switchesIntro}</p>
          <SwitchList
            permissions={permissions}
            onToggle={(key) => setPermissions((current) => ({ ...current, [key]: !current[key] }))}
          />
        </section>
      )}

      <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
        {signedInEmail ? (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
            <p className="text-sm text-slate-800">
              Signed in as <span className="font-semibold break-all">{signedInEmail}</span>
            </p>
            <Button
              variant="ghost"
              onClick={() => {
                setAnotherAccount(true);
                clearProblems();
              }}
            >
              Use another account
            </Button>
          </div>
        ) : (
          <section aria-labelledby={`${ids}-account`} className="flex flex-col gap-3">
            <h2 id={`${ids}-account`} className="text-lg font-bold text-slate-900">
              Your parent account
            </h2>
            <p className="text-sm text-slate-700">{FAMILY_MESSAGES.parentAccountIntro}</p>
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={invalidField === "email" || undefined}
            />
            <div className="flex flex-col gap-1">
              <PasswordField
                label="Password"
                name="password"
                autoComplete={accountKind === "new" ? "new-password" : "current-password"}
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-invalid={invalidField === "password" || undefined}
                aria-describedby={accountKind === "new" ? `${ids}-password-hint` : undefined}
              />
              {accountKind === "new" && (
                <p id={`${ids}-password-hint`} className="text-xs text-slate-600">
                  At least 6 characters.
                </p>
              )}
            </div>
            <button
              type="button"
              onClick={() => {
                setAccountKind(accountKind === "new" ? "existing" : "new");
                clearProblems();
              }}
              className="self-start rounded text-sm font-semibold text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
            >
              {accountKind === "new" ? "I already have an account" : "I'm new here"}
            </button>
          </section>
        )}

        <ErrorBox>{error}</ErrorBox>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button type="submit" disabled={agree.isPending} className="min-h-11">
            {agree.isPending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}I agree
          </Button>
          {preview.kind === "consent" && (
            <Button
              variant="secondary"
              onClick={() => setDeclineOpen(true)}
              disabled={agree.isPending}
              className="min-h-11"
            >
              No, delete this account
            </Button>
          )}
        </div>
      </form>

      <ConfirmDialog
        open={declineOpen}
        onOpenChange={(open) => {
          setDeclineOpen(open);
          if (!open) decline.reset();
        }}
        title={`Delete ${username}'s account?`}
        description={FAMILY_MESSAGES.declineWarning(username)}
        confirmLabel="Delete account"
        busyLabel="Deleting..."
        pending={decline.isPending}
        error={decline.error?.message}
        onConfirm={() => decline.mutate(token, { onSuccess: onDeclined })}
      />
    </div>
  );
}
