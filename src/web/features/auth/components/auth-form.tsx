import { Check, LoaderCircle } from "lucide-react";
import {
  type FormEvent,
  lazy,
  type Ref,
  Suspense,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";
import type { z } from "zod";
import { birthYearChoices, isUnder13 } from "../../../../core/ages";
import { EMAIL_VERIFICATION_MESSAGES } from "../../../../core/email-verification";
import { FAMILY_MESSAGES } from "../../../../core/family";
import { MESSAGES } from "../../../../core/messages";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { PasswordField, SelectField, TextField } from "../../../components/ui/field";
import { preload } from "../../../lib/preload";
import { useSignIn } from "../api/sign-in";
import { useSignUp } from "../api/sign-up";

// Zod and the Radix dialog together would add a third to the landing page's first load, so both arrive only
// once the visitor starts on the form or reaches for the reset link.
const loadSchemas = () => import("../../../../core/schemas/auth");
const loadForgotPasswordDialog = () => import("./forgot-password-dialog");
const ForgotPasswordDialog = lazy(() =>
  loadForgotPasswordDialog().then((module) => ({ default: module.ForgotPasswordDialog })),
);

export type AuthMode = "signin" | "signup";

/** Lets the landing page's calls to action switch the form's mode and bring it to the visitor. */
export type AuthFormHandle = {
  /** Switches to `mode`, scrolls the form into view and focuses its first field. */
  show: (mode: AuthMode) => void;
};

type FieldName = "identifier" | "birthYear" | "username" | "email" | "parentEmail" | "password";

// Zod reports issues in schema order; the visitor should hear about the first field they see.
const FIELD_ORDER: Record<AuthMode, FieldName[]> = {
  signin: ["identifier", "password"],
  signup: ["birthYear", "username", "email", "parentEmail", "password"],
};

/** The field a sign-in issue is about: the one box takes an email or a username. */
const fieldOfIssue = (mode: AuthMode, path: PropertyKey | undefined): FieldName | null => {
  if (mode === "signin" && (path === "email" || path === "username")) return "identifier";
  return (path as FieldName | undefined) ?? null;
};

const FREE_PERKS = [
  "12+ Bible adventures",
  "XP, levels & achievements",
  "Study groups with friends",
  "An AI helper for your questions",
];

function firstIssue(mode: AuthMode, issues: z.core.$ZodIssue[]) {
  const rank = (issue: z.core.$ZodIssue) => {
    const field = fieldOfIssue(mode, issue.path[0]);
    const index = field ? FIELD_ORDER[mode].indexOf(field) : -1;
    return index === -1 ? Number.POSITIVE_INFINITY : index;
  };
  return [...issues].sort((a, b) => rank(a) - rank(b))[0];
}

function prefersReducedMotion() {
  return (
    typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

/** The landing page's sign-in / sign-up form. On success the session refreshes and the app moves on by itself. */
export function AuthForm({
  id,
  initialMode = "signin",
  ref,
}: {
  /** For in-page links to the form. */
  id?: string;
  initialMode?: AuthMode;
  ref?: Ref<AuthFormHandle>;
}) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [identifier, setIdentifier] = useState("");
  const [birthYear, setBirthYear] = useState("");
  const [email, setEmail] = useState("");
  const [parentEmail, setParentEmail] = useState("");
  const [password, setPassword] = useState("");
  const [username, setUsername] = useState("");
  const [clientError, setClientError] = useState<string | null>(null);
  const [invalidField, setInvalidField] = useState<FieldName | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const signIn = useSignIn();
  const signUp = useSignUp();
  const containerRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const passwordHintId = useId();

  const signingUp = mode === "signup";
  // Under 13 a parent's email takes the place of the reader's own (issue 24).
  const under13 = birthYear !== "" && isUnder13(Number(birthYear));
  const active = signingUp ? signUp : signIn;
  const pending = signIn.isPending || signUp.isPending;
  const error = clientError ?? (active.error ? active.error.message || MESSAGES.somethingWentWrong : null);

  /** Focuses the named field, or the first one of the current mode. */
  function focusField(name?: FieldName, options?: FocusOptions) {
    const form = formRef.current;
    if (!form) return;
    const target = name ? form.elements.namedItem(name) : form.querySelector("input, select");
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) target.focus(options);
  }

  /** Every mode change goes through here so that an old error never shows up under the other mode. */
  function switchMode(next: AuthMode) {
    // Rendered synchronously so that the first field of the new mode exists when it is focused.
    flushSync(() => {
      setMode(next);
      setClientError(null);
      setInvalidField(null);
    });
    signIn.reset();
    signUp.reset();
  }

  useImperativeHandle(ref, () => ({
    show(next) {
      switchMode(next);
      const container = containerRef.current;
      // jsdom has no scrollIntoView; browsers all do.
      if (typeof container?.scrollIntoView === "function") {
        container.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
      }
      // Focusing would jump straight to the field and cut the smooth scroll short.
      focusField(undefined, { preventScroll: true });
    },
  }));

  function showProblem(issues: z.core.$ZodIssue[]) {
    const issue = firstIssue(mode, issues);
    const field = fieldOfIssue(mode, issue?.path[0]);
    setClientError(issue?.message ?? MESSAGES.somethingWentWrong);
    setInvalidField(field);
    if (field) focusField(field);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    let schemas: Awaited<ReturnType<typeof loadSchemas>>;
    try {
      schemas = await loadSchemas();
    } catch {
      // The connection dropped before the checks could load; nothing was sent.
      setClientError(MESSAGES.somethingWentWrong);
      return;
    }
    const { signInByUsernameSchema, signInSchema, signUpSchema } = schemas;
    if (signingUp) {
      const parsed = signUpSchema.safeParse({
        birthYear: birthYear === "" ? undefined : Number(birthYear),
        username,
        // Only the address the form shows is sent; a blank one is missing, which the schema words kindly.
        email: under13 || email === "" ? undefined : email,
        parentEmail: !under13 || parentEmail === "" ? undefined : parentEmail,
        password,
      });
      if (!parsed.success) return showProblem(parsed.error.issues);
      setClientError(null);
      setInvalidField(null);
      signUp.mutate(parsed.data);
    } else {
      // Children under 13 have no email and sign in by username; an "@" means an email.
      const parsed = identifier.includes("@")
        ? signInSchema.safeParse({ email: identifier, password })
        : signInByUsernameSchema.safeParse({ username: identifier, password });
      if (!parsed.success) return showProblem(parsed.error.issues);
      setClientError(null);
      setInvalidField(null);
      signIn.mutate(parsed.data);
    }
  }

  const heading = signingUp ? "Create Your Account" : "Sign In";

  return (
    <div
      id={id}
      ref={containerRef}
      className="scroll-mt-6 rounded-3xl bg-white p-6 shadow-xl ring-1 ring-slate-200 sm:p-8"
    >
      <h2 id={headingId} className="text-2xl font-extrabold text-slate-900">
        {heading}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {signingUp
          ? "It's free and takes under 30 seconds to start."
          : "Welcome back! Your next adventure is waiting."}
      </p>

      {signingUp && (
        <section
          aria-labelledby={`${headingId}-perks`}
          className="mt-5 rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200"
        >
          <h3 id={`${headingId}-perks`} className="text-sm font-bold tracking-wide text-amber-900 uppercase">
            What You Get FREE
          </h3>
          <ul className="mt-2 grid gap-1.5 text-sm text-slate-800 sm:grid-cols-2">
            {FREE_PERKS.map((perk) => (
              <li key={perk} className="flex items-start gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
                <span>{perk}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <form
        ref={formRef}
        aria-labelledby={headingId}
        onSubmit={handleSubmit}
        onFocus={preload(loadSchemas)}
        // The schemas check the fields so that every problem shows in the same red box.
        noValidate
        className="mt-5 flex flex-col gap-4"
      >
        {signingUp ? (
          <>
            <SelectField
              label="Birth year"
              name="birthYear"
              autoComplete="bday-year"
              required
              value={birthYear}
              onChange={(event) => setBirthYear(event.target.value)}
              aria-invalid={invalidField === "birthYear" || undefined}
            >
              <option value="">Choose a year</option>
              {birthYearChoices().map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Username"
              name="username"
              // 13 and older sign in by email: "nickname" keeps password managers from saving this as the
              // login name. Under 13 it is the login name.
              autoComplete={under13 ? "username" : "nickname"}
              required
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              aria-invalid={invalidField === "username" || undefined}
              hint="3 to 20 letters, numbers or underscores. Others see your username, never your email."
            />
            {under13 ? (
              <TextField
                label="A parent's email"
                name="parentEmail"
                type="email"
                // The parent's address, not the child's: nothing for the browser to fill in.
                autoComplete="off"
                required
                value={parentEmail}
                onChange={(event) => setParentEmail(event.target.value)}
                aria-invalid={invalidField === "parentEmail" || undefined}
                hint={FAMILY_MESSAGES.whyParentEmail}
              />
            ) : (
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
            )}
          </>
        ) : (
          <TextField
            label="Email or username"
            name="identifier"
            // A username is not an email: the browser must not refuse it.
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={identifier}
            onChange={(event) => setIdentifier(event.target.value)}
            aria-invalid={invalidField === "identifier" || undefined}
          />
        )}
        <div className="flex flex-col gap-1">
          <PasswordField
            label="Password"
            name="password"
            autoComplete={signingUp ? "new-password" : "current-password"}
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={invalidField === "password" || undefined}
            aria-describedby={signingUp ? passwordHintId : undefined}
          />
          {signingUp ? (
            <p id={passwordHintId} className="text-xs text-slate-600">
              At least 6 characters.
            </p>
          ) : (
            <button
              type="button"
              onClick={() => setForgotOpen(true)}
              onFocus={preload(loadForgotPasswordDialog)}
              onPointerEnter={preload(loadForgotPasswordDialog)}
              className="self-end rounded text-sm font-semibold text-indigo-700 underline-offset-2 hover:text-indigo-900 hover:underline"
            >
              Forgot your password?
            </button>
          )}
        </div>

        {signingUp && signUp.data?.signedIn === false && (
          // The email had an account already (or its owner's password was not this one): the inbox says more.
          <p
            role="status"
            className="rounded-xl bg-indigo-50 p-3 text-sm text-indigo-950 ring-1 ring-indigo-200"
          >
            {EMAIL_VERIFICATION_MESSAGES.checkEmail}
          </p>
        )}
        <ErrorBox>{error}</ErrorBox>
        <Button type="submit" disabled={pending} className="min-h-11 w-full">
          {pending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
          {signingUp ? "Create Account" : "Sign In"}
        </Button>
      </form>

      <p className="mt-5 text-center text-sm text-slate-700">
        {signingUp ? "Already have an account?" : "Don't have an account?"}{" "}
        <button
          type="button"
          onClick={() => {
            switchMode(signingUp ? "signin" : "signup");
            focusField();
          }}
          className="rounded font-semibold text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
        >
          {signingUp ? "Sign in" : "Sign up"}
        </button>
      </p>

      {forgotOpen && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open onOpenChange={setForgotOpen} />
        </Suspense>
      )}
    </div>
  );
}
