import { type FormEvent, useId, useState } from "react";
import { Navigate } from "react-router";
import {
  ACTION_REASON_MAX_LENGTH,
  avatarReviewSchema,
  type PendingAvatar,
} from "../../../../core/schemas/moderation";
import { paths } from "../../../app/paths";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { ErrorBox } from "../../../components/ui/error-box";
import { TextAreaField } from "../../../components/ui/field";
import { LoadMoreButton } from "../../../components/ui/load-more-button";
import { LoadingText } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { usePendingAvatars } from "../api/get-pending-avatars";
import { type AvatarReviewRequest, useReviewAvatar } from "../api/review-avatar";
import { useCardFocus } from "../hooks/use-card-focus";
import { dateTimeFormat } from "./review-queue";

export const NO_PENDING_AVATARS = "No profile pictures waiting.";

/** Another leader decided first, the member replaced the picture, or left: it has simply left the queue. */
const isGone = (error: unknown) =>
  error instanceof ApiError && (error.status === 409 || error.status === 404);

const ownerName = (item: PendingAvatar) => item.username ?? "a member";

/**
 * 'Profile pictures' in the leader page's 'Photos and videos' tab (issue 18): members' uploaded pictures,
 * oldest first, which others see only once a leader approves them. Reject removes the picture, after asking
 * for an optional reason for the audit log. One decision at a time: the buttons wait while one is on its way,
 * and the focus then moves to the next picture.
 */
export function PendingAvatars() {
  const queue = usePendingAvatars();
  const review = useReviewAvatar();
  const [rejecting, setRejecting] = useState<{ item: PendingAvatar; opener: HTMLElement } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { headingRef, cardRef, focusCard, actedInDialog, returnFocusFrom } = useCardFocus();
  const avatars = queue.data?.pages.flatMap((page) => page.avatars) ?? [];

  if (queue.error instanceof ApiError && queue.error.status === 403)
    return <Navigate to={paths.home} replace />;

  /** The card after this one, taken before the item leaves the list, so the focus has somewhere to go. */
  const nextAfter = (userId: string) => {
    const index = avatars.findIndex((item) => item.userId === userId);
    return avatars[index + 1]?.userId ?? null;
  };

  const decide = (request: AvatarReviewRequest, onDone?: () => void) => {
    setNotice(null);
    const next = nextAfter(request.userId);
    review.mutate(request, {
      onSuccess: () => {
        onDone?.();
        // Approve has no dialog to hand the focus back: its button has left with its card.
        if (request.action === "approve") focusCard(next);
      },
      onError: (error) => {
        if (!isGone(error)) return;
        setNotice(error.message);
        onDone?.();
        if (request.action === "approve") focusCard(next);
      },
    });
  };

  const errorFor = (userId: string) =>
    review.error && !isGone(review.error) && review.variables?.userId === userId && !rejecting
      ? review.error.message
      : undefined;

  return (
    <section aria-labelledby="pending-avatars-heading" className="flex flex-col gap-4">
      <h2
        ref={headingRef}
        id="pending-avatars-heading"
        tabIndex={-1}
        className="text-xl font-bold text-slate-900 focus:outline-none"
      >
        Profile pictures
      </h2>
      <p className="text-sm text-slate-700">
        Members' own pictures. Others see their first letter until a leader approves.
      </p>
      {notice && (
        <p role="status" className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">
          {notice}
        </p>
      )}
      {queue.isPending ? (
        <LoadingText>Loading profile pictures...</LoadingText>
      ) : queue.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 text-slate-700">
          <p>{queue.error.message}</p>
          <Button variant="secondary" onClick={() => queue.refetch()}>
            Try again
          </Button>
        </div>
      ) : avatars.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-center text-slate-800">
          {NO_PENDING_AVATARS}
        </p>
      ) : (
        <ul aria-label="Profile pictures waiting for approval" className="grid gap-4 sm:grid-cols-2">
          {avatars.map((item) => (
            <li key={item.userId}>
              <AvatarCard
                item={item}
                busy={review.isPending}
                approving={review.isPending && review.variables.userId === item.userId}
                error={errorFor(item.userId)}
                cardRef={cardRef(item.userId)}
                onApprove={() =>
                  decide({ userId: item.userId, action: "approve", pictureUrl: item.pictureUrl })
                }
                onReject={(opener) => {
                  review.reset();
                  setRejecting({ item, opener });
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {queue.hasNextPage && (
        <LoadMoreButton loading={queue.isFetchingNextPage} onLoad={() => queue.fetchNextPage()}>
          Show more pictures
        </LoadMoreButton>
      )}
      {rejecting && (
        <RejectAvatarDialog
          item={rejecting.item}
          pending={review.isPending}
          error={review.error && !isGone(review.error) ? review.error.message : undefined}
          onReject={(reason) => {
            const { item } = rejecting;
            const next = nextAfter(item.userId);
            decide({ userId: item.userId, action: "reject", pictureUrl: item.pictureUrl, reason }, () => {
              actedInDialog(next);
              setRejecting(null);
            });
          }}
          onCancel={() => {
            review.reset();
            setRejecting(null);
          }}
          onCloseAutoFocus={returnFocusFrom(rejecting.opener)}
        />
      )}
    </section>
  );
}

function AvatarCard({
  item,
  busy,
  approving,
  error,
  cardRef,
  onApprove,
  onReject,
}: {
  item: PendingAvatar;
  /** A decision is on its way (this one's or another's): one at a time. */
  busy: boolean;
  approving: boolean;
  error: string | undefined;
  cardRef: (element: HTMLElement | null) => void;
  onApprove: () => void;
  onReject: (opener: HTMLElement) => void;
}) {
  const titleId = useId();
  const owner = ownerName(item);

  return (
    <article
      ref={cardRef}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-center gap-4">
        <img
          src={item.pictureUrl}
          alt={`${owner}'s avatar`}
          className="size-24 shrink-0 rounded-full bg-slate-100 object-cover"
        />
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={titleId} className="text-lg font-bold break-words text-slate-900">
            {owner}
          </h3>
          <p className="text-sm text-slate-700">
            {"Sent "}
            <time dateTime={item.submittedAt}>{dateTimeFormat.format(new Date(item.submittedAt))}</time>
          </p>
        </div>
      </div>
      <ErrorBox>{error}</ErrorBox>
      <div className="flex flex-wrap gap-2">
        <Button disabled={busy} onClick={onApprove}>
          {approving ? "Approving..." : "Approve"}
        </Button>
        <Button variant="danger" disabled={busy} onClick={(event) => onReject(event.currentTarget)}>
          Reject
        </Button>
      </div>
    </article>
  );
}

/**
 * Asks before a rejection, which cannot be taken back: the picture is removed and the member told. The reason
 * is optional and kept in the audit log. It cannot be closed while the rejection is under way, and stays open
 * showing why when it fails.
 */
function RejectAvatarDialog({
  item,
  pending,
  error,
  onReject,
  onCancel,
  onCloseAutoFocus,
}: {
  item: PendingAvatar;
  pending: boolean;
  error: string | undefined;
  onReject: (reason: string | undefined) => void;
  onCancel: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const [reason, setReason] = useState("");

  const close = (open: boolean) => {
    if (!open && !pending) onCancel();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = avatarReviewSchema.safeParse({ action: "reject", pictureUrl: item.pictureUrl, reason });
    if (!parsed.success || pending) return;
    onReject(parsed.data.reason || undefined);
  };

  return (
    <Dialog
      open
      onOpenChange={close}
      title="Reject this profile picture?"
      description={`The picture ${ownerName(item)} sent will be removed, and they are told. Others keep seeing their first letter.`}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <TextAreaField
          label="Why? (optional, kept in the audit log)"
          value={reason}
          rows={3}
          maxLength={ACTION_REASON_MAX_LENGTH}
          // Radix would otherwise focus the dialog's close button; the reason is what is asked for.
          autoFocus
          onChange={(event) => setReason(event.target.value)}
        />
        <ErrorBox>{error}</ErrorBox>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={pending}>
            {pending ? "Rejecting..." : "Reject"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
