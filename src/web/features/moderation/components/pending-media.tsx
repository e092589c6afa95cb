import { type FormEvent, useId, useState } from "react";
import { Navigate } from "react-router";
import { posterUrlFor } from "../../../../core/media";
import {
  ACTION_REASON_MAX_LENGTH,
  mediaReviewSchema,
  type PendingMedia as PendingMediaItem,
} from "../../../../core/schemas/moderation";
import { paths } from "../../../app/paths";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { ErrorBox } from "../../../components/ui/error-box";
import { TextAreaField } from "../../../components/ui/field";
import { LoadMoreButton } from "../../../components/ui/load-more-button";
import { LoadingText } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { usePendingMedia } from "../api/get-pending-media";
import { type MediaReviewRequest, useReviewMedia } from "../api/review-media";
import { useCardFocus } from "../hooks/use-card-focus";
import { dateTimeFormat } from "./review-queue";

export const NO_PENDING_MEDIA = "No photos or videos are waiting.";

/** Another leader decided first, or the post was deleted: the item has simply left the queue. */
const isGone = (error: unknown) =>
  error instanceof ApiError && (error.status === 409 || error.status === 404);

const authorName = (item: PendingMediaItem) => item.author?.username ?? "deleted user";

/**
 * Photos and videos from members waiting for a leader's approval, oldest first. Approve shows one to the
 * whole group at once; Reject removes the file, after asking for an optional reason for the audit log. One
 * decision at a time: the buttons wait while one is on its way, and the focus then moves to the next item.
 */
export function PendingMedia() {
  const queue = usePendingMedia();
  const review = useReviewMedia();
  const [rejecting, setRejecting] = useState<{ item: PendingMediaItem; opener: HTMLElement } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { headingRef, cardRef, focusCard, actedInDialog, returnFocusFrom } = useCardFocus();
  const media = queue.data?.pages.flatMap((page) => page.media) ?? [];

  if (queue.error instanceof ApiError && queue.error.status === 403)
    return <Navigate to={paths.home} replace />;

  /** The card after this one, taken before the item leaves the list, so the focus has somewhere to go. */
  const nextAfter = (postId: string) => {
    const index = media.findIndex((item) => item.postId === postId);
    return media[index + 1]?.postId ?? null;
  };

  const decide = (request: MediaReviewRequest, onDone?: () => void) => {
    setNotice(null);
    const next = nextAfter(request.postId);
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

  const errorFor = (postId: string) =>
    review.error && !isGone(review.error) && review.variables?.postId === postId && !rejecting
      ? review.error.message
      : undefined;

  return (
    <section aria-labelledby="pending-media-heading" className="flex flex-col gap-4">
      <h2
        ref={headingRef}
        id="pending-media-heading"
        tabIndex={-1}
        className="text-xl font-bold text-slate-900 focus:outline-none"
      >
        Photos and videos
      </h2>
      {notice && (
        <p role="status" className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">
          {notice}
        </p>
      )}
      {queue.isPending ? (
        <LoadingText>Loading photos and videos...</LoadingText>
      ) : queue.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 text-slate-700">
          <p>{queue.error.message}</p>
          <Button variant="secondary" onClick={() => queue.refetch()}>
            Try again
          </Button>
        </div>
      ) : media.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-center text-slate-800">
          {NO_PENDING_MEDIA}
        </p>
      ) : (
        <ul aria-label="Photos and videos waiting for approval" className="flex flex-col gap-4">
          {media.map((item) => (
            <li key={item.postId}>
              <MediaCard
                item={item}
                busy={review.isPending}
                approving={review.isPending && review.variables.postId === item.postId}
                error={errorFor(item.postId)}
                cardRef={cardRef(item.postId)}
                onApprove={() => decide({ postId: item.postId, action: "approve" })}
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
          Load more
        </LoadMoreButton>
      )}
      {rejecting && (
        <RejectDialog
          item={rejecting.item}
          pending={review.isPending}
          error={review.error && !isGone(review.error) ? review.error.message : undefined}
          onReject={(reason) => {
            const next = nextAfter(rejecting.item.postId);
            decide({ postId: rejecting.item.postId, action: "reject", reason }, () => {
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

function MediaCard({
  item,
  busy,
  approving,
  error,
  cardRef,
  onApprove,
  onReject,
}: {
  item: PendingMediaItem;
  /** A decision is on its way (this one's or another's): one at a time. */
  busy: boolean;
  approving: boolean;
  error: string | undefined;
  cardRef: (element: HTMLElement | null) => void;
  onApprove: () => void;
  onReject: (opener: HTMLElement) => void;
}) {
  const titleId = useId();
  const author = authorName(item);

  return (
    <article
      ref={cardRef}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id={titleId} className="text-lg font-bold break-words text-slate-900">
        {item.title}
      </h3>
      {item.mediaType === "image" ? (
        <img
          src={item.mediaUrl}
          alt={`Shared by ${author}`}
          className="max-h-80 w-full rounded-lg bg-slate-100 object-contain"
        />
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: members share their own clips; there are no caption files to offer
        <video
          src={item.mediaUrl}
          poster={posterUrlFor(item.mediaUrl)}
          controls
          preload="metadata"
          aria-label={`Video shared by ${author}`}
          className="max-h-80 w-full rounded-lg bg-slate-900"
        />
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold text-slate-800">Group</dt>
        <dd className="break-words text-slate-900">{item.groupName}</dd>
        <dt className="font-semibold text-slate-800">Posted by</dt>
        <dd className="text-slate-900">{author}</dd>
        <dt className="font-semibold text-slate-800">Posted</dt>
        <dd className="text-slate-900">
          <time dateTime={item.createdAt}>{dateTimeFormat.format(new Date(item.createdAt))}</time>
        </dd>
      </dl>
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
 * Asks before a rejection, which cannot be taken back: the file is removed and the post stays without it. The
 * reason is optional and kept in the audit log. It cannot be closed while the rejection is under way, so the
 * leader learns how it ended, and stays open showing why when it fails.
 */
function RejectDialog({
  item,
  pending,
  error,
  onReject,
  onCancel,
  onCloseAutoFocus,
}: {
  item: PendingMediaItem;
  pending: boolean;
  error: string | undefined;
  onReject: (reason: string | undefined) => void;
  onCancel: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const [reason, setReason] = useState("");
  const noun = item.mediaType === "image" ? "photo" : "video";

  const close = (open: boolean) => {
    if (!open && !pending) onCancel();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = mediaReviewSchema.safeParse({ action: "reject", reason });
    if (!parsed.success || pending) return;
    onReject(parsed.data.reason || undefined);
  };

  return (
    <Dialog
      open
      onOpenChange={close}
      title={`Reject this ${noun}?`}
      description={`The ${noun} on "${item.title}" by ${authorName(item)} will be removed. The post stays, without it, and its author is told.`}
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
