import { CircleAlert, CircleCheck, MailX } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { MESSAGES } from "../../../../core/messages";
import {
  UNSUBSCRIBE_MESSAGES,
  type UnsubscribeInput,
  unsubscribeSchema,
} from "../../../../core/schemas/profile";
import { Button, buttonClass } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { ApiError } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { unsubscribe } from "../api/unsubscribe";

const m = UNSUBSCRIBE_MESSAGES;

/** The link's words from its fragment (`#user=…&topic=…&token=…`), or null when they are not all there. */
function readLink(hash: string): UnsubscribeInput | null {
  const params = Object.fromEntries(new URLSearchParams(hash.replace(/^#/, "")));
  const parsed = unsubscribeSchema.safeParse(params);
  return parsed.success ? parsed.data : null;
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-indigo-50 to-stone-50 p-4">
      <title>{`${m.title} · Lamplight`}</title>
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg">
        <div className="flex flex-col items-center gap-4 text-center">{children}</div>
      </div>
    </main>
  );
}

/**
 * Where an optional mail's 'Stop these emails' link lands, signed in or not. It asks before it stops anything:
 * a mail scanner that opens every link must not unsubscribe anyone.
 */
export default function UnsubscribePage() {
  const [link] = useState(() => readLink(window.location.hash));
  const [state, setState] = useState<"asking" | "working" | "done">("asking");
  const [error, setError] = useState<string | null>(null);

  const onward = (
    <Link to={paths.home} className={buttonClass("secondary")}>
      Go to Lamplight
    </Link>
  );

  if (!link)
    return (
      <Shell>
        <CircleAlert aria-hidden="true" className="size-12 text-red-700" />
        <h1 className="text-2xl font-bold text-slate-900">{m.title}</h1>
        <p className="text-slate-700">{m.badLink}</p>
        {onward}
      </Shell>
    );

  if (state === "done")
    return (
      <Shell>
        <CircleCheck aria-hidden="true" className="size-12 text-green-700" />
        <h1 className="text-2xl font-bold text-slate-900">{m.title}</h1>
        <p role="status" className="text-slate-700">
          {m.done[link.topic]}
        </p>
        {onward}
      </Shell>
    );

  const stop = () => {
    setState("working");
    setError(null);
    unsubscribe(link).then(
      () => setState("done"),
      (failure: unknown) => {
        setState("asking");
        setError(
          failure instanceof ApiError && failure.status > 0 && failure.status < 500
            ? failure.message
            : MESSAGES.somethingWentWrong,
        );
      },
    );
  };

  return (
    <Shell>
      <MailX aria-hidden="true" className="size-12 text-amber-800" />
      <h1 className="text-2xl font-bold text-slate-900">{m.title}</h1>
      <p className="text-slate-700">{m.question[link.topic]}</p>
      {error && (
        <div className="w-full">
          <ErrorBox>{error}</ErrorBox>
        </div>
      )}
      <Button onClick={stop} disabled={state === "working"}>
        {state === "working" ? m.working : m.button}
      </Button>
      {onward}
    </Shell>
  );
}
