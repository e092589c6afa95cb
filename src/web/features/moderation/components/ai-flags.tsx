import { useId, useState } from "react";
import {
  AI_FLAG_LABELS,
  type AiFlag,
  type AiFlagAction,
  aiFlagActionSchema,
} from "../../../../core/schemas/moderation";
import { Button } from "../../../components/ui/button";
import { useActOnAiFlag } from "../api/act-on-ai-flag";
import { useAiFlags } from "../api/get-ai-flags";
import { useCardFocus } from "../hooks/use-card-focus";
import { LeaderTab } from "./leader-tab";
import { ReasonDialog } from "./reason-dialog";
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

  const startAction = (flag: AiFlag, action: AiFlagAction, opener: HTMLElement) => {
    const index = flags.findIndex((other) => other.id === flag.id);
    setActing({ flag, action, opener, nextFlagId: flags[index + 1]?.id ?? null });
  };

  return (
    <LeaderTab
      title="AI helper"
      headingRef={headingRef}
      query={flagsQuery}
      loadingText="Loading flags..."
      emptyText="Nothing from the AI helper needs a look."
      listLabel="From the AI helper"
      items={flags}
      itemKey={(flag) => flag.id}
      renderItem={(flag) => (
        <FlagCard
          flag={flag}
          cardRef={cardRef(flag.id)}
          onAction={(action, opener) => startAction(flag, action, opener)}
        />
      )}
    >
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
    </LeaderTab>
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

/** Asks why before a leader marks a flag handled or dismisses it, as the review queue's dialog does. */
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
  const { label, busyLabel, title, description } = CHOICES[action];

  const submit = (reason: string) => {
    const parsed = aiFlagActionSchema.safeParse({ action, reason });
    if (!parsed.success) return;
    act.mutate({ flagId: flag.id, ...parsed.data }, { onSuccess: onDone });
  };

  return (
    <ReasonDialog
      title={title}
      description={description}
      submitLabel={label}
      busyLabel={busyLabel}
      pending={act.isPending}
      error={act.error?.message}
      onSubmit={submit}
      onCancel={onCancel}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
