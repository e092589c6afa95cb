import { type FormEvent, useId, useState } from "react";
import { Navigate } from "react-router";
import {
  ACTION_REASON_MAX_LENGTH,
  liftMuteSchema,
  type MutedMember,
} from "../../../../core/schemas/moderation";
import { paths } from "../../../app/paths";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { ErrorBox } from "../../../components/ui/error-box";
import { TextAreaField } from "../../../components/ui/field";
import { LoadingText } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { useMutes } from "../api/get-mutes";
import { useLiftMute } from "../api/lift-mute";
import { useCardFocus } from "../hooks/use-card-focus";
import { dateTimeFormat } from "./review-queue";

export const NO_MUTES = "Nobody is muted right now.";
export const ADMIN_LIFTS_HINT = "Only an admin can lift this mute.";

/** The mute had already ended, or another leader lifted it first: the member has simply left the list. */
const isGone = (error: unknown) =>
  error instanceof ApiError && (error.status === 409 || error.status === 404);

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

  if (mutes.error instanceof ApiError && mutes.error.status === 403)
    return <Navigate to={paths.home} replace />;

  const nextAfter = (userId: string) => {
    const index = list.findIndex((entry) => entry.user.id === userId);
    return list[index + 1]?.user.id ?? null;
  };

  return (
    <section aria-labelledby="muted-members-heading" className="flex flex-col gap-4">
      <h2
        ref={headingRef}
        id="muted-members-heading"
        tabIndex={-1}
        className="text-xl font-bold text-slate-900 focus:outline-none"
      >
        Muted members
      </h2>
      {notice && (
        <p role="status" className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">
          {notice}
        </p>
      )}
      {mutes.isPending ? (
        <LoadingText>Loading muted members...</LoadingText>
      ) : mutes.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 text-slate-700">
          <p>{mutes.error.message}</p>
          <Button variant="secondary" onClick={() => mutes.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-center text-slate-800">
          {NO_MUTES}
        </p>
      ) : (
        <ul aria-label="Muted members" className="flex flex-col gap-4">
          {list.map((entry) => (
            <li key={entry.user.id}>
              <MutedCard
                entry={entry}
                cardRef={cardRef(entry.user.id)}
                onLift={(opener) => {
                  setNotice(null);
                  setLifting({ entry, opener });
                }}
              />
            </li>
          ))}
        </ul>
      )}
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
    </section>
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
 * Asks why before a mute is lifted: the reason is kept in the audit log. It cannot be closed while the request
 * is under way, and stays open showing why when it fails; a mute that had already ended closes it with a note.
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
  const [reason, setReason] = useState("");
  const name = nameOf(entry);

  const close = (open: boolean) => {
    if (!open && !lift.isPending) onCancel();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = liftMuteSchema.safeParse({ reason });
    if (!parsed.success || lift.isPending) return;
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
    <Dialog
      open
      onOpenChange={close}
      title={`Lift ${name}'s mute?`}
      description={`${name} will be able to post, comment and chat again straight away.`}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <TextAreaField
          label="Why? (kept in the audit log)"
          value={reason}
          rows={3}
          maxLength={ACTION_REASON_MAX_LENGTH}
          required
          autoFocus
          onChange={(event) => setReason(event.target.value)}
        />
        <ErrorBox>{lift.error && !isGone(lift.error) ? lift.error.message : undefined}</ErrorBox>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)} disabled={lift.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!reason.trim() || lift.isPending}>
            {lift.isPending ? "Lifting..." : "Lift mute"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
