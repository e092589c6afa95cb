import { type FormEvent, useId, useState } from "react";
import { Navigate } from "react-router";
import {
  ACTION_REASON_MAX_LENGTH,
  AI_FLAG_LABELS,
  type AiFlag,
  type AiFlagAction,
  aiFlagActionSchema,
} from "../../../../core/schemas/moderation";
import { paths } from "../../../app/paths";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { ErrorBox } from "../../../components/ui/error-box";
import { TextAreaField } from "../../../components/ui/field";
import { LoadMoreButton } from "../../../components/ui/load-more-button";
import { LoadingText } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { useActOnAiFlag } from "../api/act-on-ai-flag";
import { useAiFlags } from "../api/get-ai-flags";
import { useCardFocus } from "../hooks/use-card-focus";
import { dateTimeFormat } from "./review-queue";

type Choice = { label: string; busyLabel: string; title: string; description: string };

const CHOICES: Record<AiFlagAction, Choice> = {
  reviewed: {
    label: "Mark as handled",
    busyLabel: "Saving...",
    title: "Mark this as handled?",
    description:
      "Say what you did, for example who you talked with. It leaves the list and is kept in the audit log.",
  },
  dismiss: {
    label: "Dismiss",
    busyLabel: "Dismissing...",
    title: "Dismiss this?",
    description: "Nothing needed doing. It leaves the list and is kept in the audit log.",
  },
};

/** The flag being acted on, and the button that asked, for the focus to go back to when the leader cancels. */
type Acting = { flag: AiFlag; action: AiFlagAction; opener: HTMLElement; nextFlagId: string | null };

/**
 * What the AI helper raised for leaders (issue 6): questions that may need a grown-up's care, high priority
 * first, and AI outputs that moderation withheld, each with what the child asked and what was withheld.
 */
export function AiFlags() {
  const flagsQuery = useAiFlags();
  const [acting, setActing] = useState<Acting | null>(null);
  const { headingRef, cardRef, actedInDialog, returnFocusFrom } = useCardFocus();
  const flags = flagsQuery.data?.pages.flatMap((page) => page.flags) ?? [];

  if (flagsQuery.error instanceof ApiError && flagsQuery.error.status === 403)
    return <Navigate to={paths.home} replace />;

  const startAction = (flag: AiFlag, action: AiFlagAction, opener: HTMLElement) => {
    const index = flags.findIndex((other) => other.id === flag.id);
    setActing({ flag, action, opener, nextFlagId: flags[index + 1]?.id ?? null });
  };

  return (
    <section aria-labelledby="ai-flags-heading" className="flex flex-col gap-4">
      <h2
        ref={headingRef}
        id="ai-flags-heading"
        tabIndex={-1}
        className="text-xl font-bold text-slate-900 focus:outline-none"
      >
        AI helper
      </h2>
      {flagsQuery.isPending ? (
        <LoadingText>Loading flags...</LoadingText>
      ) : flagsQuery.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 text-slate-700">
          <p>{flagsQuery.error.message}</p>
          <Button variant="secondary" onClick={() => flagsQuery.refetch()}>
            Try again
          </Button>
        </div>
      ) : flags.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-center text-slate-800">
          Nothing from the AI helper needs a look.
        </p>
      ) : (
        <ul aria-label="From the AI helper" className="flex flex-col gap-4">
          {flags.map((flag) => (
            <li key={flag.id}>
              <FlagCard
                flag={flag}
                cardRef={cardRef(flag.id)}
                onAction={(action, opener) => startAction(flag, action, opener)}
              />
            </li>
          ))}
        </ul>
      )}
      {flagsQuery.hasNextPage && (
        <LoadMoreButton loading={flagsQuery.isFetchingNextPage} onLoad={() => flagsQuery.fetchNextPage()}>
          Load more
        </LoadMoreButton>
      )}
      {acting && (
        <FlagActionDialog
          flag={acting.flag}
          action={acting.action}
          onDone={() => {
            actedInDialog(acting.nextFlagId);
            setActing(null);
          }}
          onCancel={() => setActing(null)}
          onCloseAutoFocus={returnFocusFrom(acting.opener)}
        />
      )}
    </section>
  );
}

function FlagCard({
  flag,
  cardRef,
  onAction,
}: {
  flag: AiFlag;
  cardRef: (element: HTMLElement | null) => void;
  onAction: (action: AiFlagAction, opener: HTMLElement) => void;
}) {
  const titleId = useId();
  const high = flag.priority === "high";
  return (
    <article
      ref={cardRef}
      tabIndex={-1}
      aria-labelledby={titleId}
      className={`flex flex-col gap-3 rounded-2xl border bg-white p-4 shadow-sm ${
        high ? "border-red-300" : "border-slate-200"
      }`}
    >
      <header className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="text-lg font-bold text-slate-900">
          {AI_FLAG_LABELS[flag.kind]}
        </h3>
        {high && (
          <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
            High priority
          </span>
        )}
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold text-slate-800">Child</dt>
        <dd className="break-words text-slate-900">{flag.user.username ?? "Someone"}</dd>
        <dt className="font-semibold text-slate-800">Where</dt>
        <dd className="break-words text-slate-900">{flag.story?.title ?? "AI helper"}</dd>
        <dt className="font-semibold text-slate-800">When</dt>
        <dd className="text-slate-900">
          <time dateTime={flag.createdAt}>{dateTimeFormat.format(new Date(flag.createdAt))}</time>
        </dd>
        {flag.input && (
          <>
            <dt className="font-semibold text-slate-800">What they asked</dt>
            {/* Plain text as written: React escapes it, and the line breaks stay. */}
            <dd className="whitespace-pre-wrap break-words text-slate-900">{flag.input}</dd>
          </>
        )}
      </dl>
      {flag.output !== null && (
        // Closed at first: it is what moderation kept from a child, and a leader opens it when ready to read it.
        <details className="rounded-lg bg-slate-50 px-3 py-2">
          <summary className="cursor-pointer text-sm font-semibold text-slate-800">
            What the AI wrote (withheld)
          </summary>
          <p className="mt-2 whitespace-pre-wrap break-words text-slate-900">{flag.output}</p>
        </details>
      )}
      <div className="flex flex-wrap gap-2">
        {(["reviewed", "dismiss"] as const).map((action) => (
          <Button
            key={action}
            variant={action === "reviewed" ? "primary" : "secondary"}
            onClick={(event) => onAction(action, event.currentTarget)}
          >
            {CHOICES[action].label}
          </Button>
        ))}
      </div>
    </article>
  );
}

/**
 * Asks why before a leader's action goes ahead, as the review queue's dialog does: the reason is kept in the
 * audit log, the dialog cannot be closed while the action is under way, and it stays open showing why it failed.
 */
function FlagActionDialog({
  flag,
  action,
  onDone,
  onCancel,
  onCloseAutoFocus,
}: {
  flag: AiFlag;
  action: AiFlagAction;
  onDone: () => void;
  onCancel: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const act = useActOnAiFlag();
  const [reason, setReason] = useState("");
  const { label, busyLabel, title, description } = CHOICES[action];

  const close = (open: boolean) => {
    if (!open && !act.isPending) onCancel();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = aiFlagActionSchema.safeParse({ action, reason });
    if (!parsed.success || act.isPending) return;
    act.mutate({ flagId: flag.id, ...parsed.data }, { onSuccess: onDone });
  };

  return (
    <Dialog
      open
      onOpenChange={close}
      title={title}
      description={description}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <TextAreaField
          label="Why? (kept in the audit log)"
          value={reason}
          rows={3}
          maxLength={ACTION_REASON_MAX_LENGTH}
          required
          // Radix would otherwise focus the dialog's close button; the reason is what is asked for.
          autoFocus
          onChange={(event) => setReason(event.target.value)}
        />
        <ErrorBox>{act.error?.message}</ErrorBox>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)} disabled={act.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!reason.trim() || act.isPending}>
            {act.isPending ? busyLabel : label}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
