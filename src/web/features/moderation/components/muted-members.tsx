import { useId, useState } from "react";
import { liftMuteSchema, type MutedMember } from "../../../../core/schemas/moderation";
import { Button } from "../../../components/ui/button";
import { useMutes } from "../api/get-mutes";
import { useLiftMute } from "../api/lift-mute";
import { isGone } from "../hooks/use-approval-queue";
import { useCardFocus } from "../hooks/use-card-focus";
import { LeaderTab } from "./leader-tab";
import { ReasonDialog } from "./reason-dialog";
import { dateTimeFormat } from "./review-queue";

export const NO_MUTES = "Nobody is muted right now.";
export const ADMIN_LIFTS_HINT = "Only an admin can lift this mute.";

const nameOf = (entry: MutedMember) => entry.user.username ?? "this member";

/**
 * Members muted now, soonest to end first. 'Lift mute' ends one early, after asking why (kept in the audit log,
 * as the mute's own reason is); a leader sees the mutes of other leaders and admins but only an admin lifts them.
 */
export function MutedMembers() {
  const mutes = useMutes();
  const [lifting, setLifting] = useState<{ entry: MutedMember; opener: HTMLElement } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { headingRef, cardRef, actedInDialog, returnFocusFrom } = useCardFocus();
  const list = mutes.data?.mutes ?? [];

  const nextAfter = (userId: string) => {
    const index = list.findIndex((entry) => entry.user.id === userId);
    return list[index + 1]?.user.id ?? null;
  };

  return (
    <LeaderTab
      title="Muted members"
      headingRef={headingRef}
      notice={notice}
      query={mutes}
      loadingText="Loading muted members..."
      emptyText={NO_MUTES}
      listLabel="Muted members"
      items={list}
      itemKey={(entry) => entry.user.id}
      renderItem={(entry) => (
        <MutedCard
          entry={entry}
          cardRef={cardRef(entry.user.id)}
          onLift={(opener) => {
            setNotice(null);
            setLifting({ entry, opener });
          }}
        />
      )}
    >
      {lifting && (
        <LiftMuteDialog
          entry={lifting.entry}
          onDone={(message) => {
            if (message) setNotice(message);
            actedInDialog(nextAfter(lifting.entry.user.id));
            setLifting(null);
          }}
          onCancel={() => setLifting(null)}
          onCloseAutoFocus={returnFocusFrom(lifting.opener)}
        />
      )}
    </LeaderTab>
  );
}

function MutedCard({
  entry,
  cardRef,
  onLift,
}: {
  entry: MutedMember;
  cardRef: (element: HTMLElement | null) => void;
  onLift: (opener: HTMLElement) => void;
}) {
  const titleId = useId();
  return (
    <article
      ref={cardRef}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id={titleId} className="text-lg font-bold break-words text-slate-900">
        {entry.user.username ?? "A member"}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold text-slate-800">Muted until</dt>
        <dd className="text-slate-900">
          <time dateTime={entry.mutedUntil}>{dateTimeFormat.format(new Date(entry.mutedUntil))}</time>
        </dd>
      </dl>
      {entry.canLift ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={(event) => onLift(event.currentTarget)}>
            Lift mute
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-700">{ADMIN_LIFTS_HINT}</p>
      )}
    </article>
  );
}

/**
 * Asks why before a mute is lifted. A mute that had already ended, or that another leader lifted first, closes
 * it with a note instead.
 */
function LiftMuteDialog({
  entry,
  onDone,
  onCancel,
  onCloseAutoFocus,
}: {
  entry: MutedMember;
  onDone: (notice?: string) => void;
  onCancel: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const lift = useLiftMute();
  const name = nameOf(entry);

  const submit = (reason: string) => {
    const parsed = liftMuteSchema.safeParse({ reason });
    if (!parsed.success) return;
    lift.mutate(
      { userId: entry.user.id, reason: parsed.data.reason },
      {
        onSuccess: () => onDone(),
        onError: (error) => {
          if (isGone(error)) onDone(error.message);
        },
      },
    );
  };

  return (
    <ReasonDialog
      title={`Lift ${name}'s mute?`}
      description={`${name} will be able to post, comment and chat again straight away.`}
      submitLabel="Lift mute"
      busyLabel="Lifting..."
      pending={lift.isPending}
      error={lift.error && !isGone(lift.error) ? lift.error.message : undefined}
      onSubmit={submit}
      onCancel={onCancel}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
