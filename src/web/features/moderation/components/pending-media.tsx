import { useId } from "react";
import { posterUrlFor } from "../../../../core/media";
import {
  mediaReviewSchema,
  type PendingMedia as PendingMediaItem,
} from "../../../../core/schemas/moderation";
import { usePendingMedia } from "../api/get-pending-media";
import { useReviewMedia } from "../api/review-media";
import { type DecisionProps, useApprovalQueue } from "../hooks/use-approval-queue";
import { ApprovalCard, RejectDialog } from "./approval-card";
import { LeaderTab } from "./leader-tab";
import { dateTimeFormat } from "./review-queue";

export const NO_PENDING_MEDIA = "No photos or videos are waiting.";

const authorName = (item: PendingMediaItem) => item.author?.username ?? "deleted user";
const mediaNoun = (item: PendingMediaItem) => (item.mediaType === "image" ? "photo" : "video");

/**
 * Photos and videos from members waiting for a leader's approval, oldest first. Approve shows one to the
 * whole group at once; Reject removes the file, after asking for an optional reason for the audit log. One
 * decision at a time: the buttons wait while one is on its way, and the focus then moves to the next item.
 */
export function PendingMedia() {
  const queue = usePendingMedia();
  const media = queue.data?.pages.flatMap((page) => page.media) ?? [];
  const decisions = useApprovalQueue({ items: media, idOf: (item) => item.postId, review: useReviewMedia() });
  const { rejecting } = decisions;

  const reject = (item: PendingMediaItem, reason: string) => {
    const parsed = mediaReviewSchema.safeParse({ action: "reject", reason });
    if (!parsed.success) return;
    decisions.decide(item, {
      postId: item.postId,
      action: "reject",
      reason: parsed.data.reason || undefined,
    });
  };

  return (
    <LeaderTab
      title="Photos and videos"
      headingRef={decisions.headingRef}
      notice={decisions.notice}
      query={queue}
      loadingText="Loading photos and videos..."
      emptyText={NO_PENDING_MEDIA}
      listLabel="Photos and videos waiting for approval"
      items={media}
      itemKey={(item) => item.postId}
      renderItem={(item) => (
        <MediaCard item={item} {...decisions.cardProps(item, { postId: item.postId, action: "approve" })} />
      )}
    >
      {rejecting && (
        <RejectDialog
          title={`Reject this ${mediaNoun(rejecting.item)}?`}
          description={`The ${mediaNoun(rejecting.item)} on "${rejecting.item.title}" by ${authorName(rejecting.item)} will be removed. The post stays, without it, and its author is told.`}
          onReject={(reason) => reject(rejecting.item, reason)}
          {...rejecting.dialog}
        />
      )}
    </LeaderTab>
  );
}

function MediaCard({ item, ...decision }: DecisionProps & { item: PendingMediaItem }) {
  const titleId = useId();
  const author = authorName(item);

  return (
    <ApprovalCard titleId={titleId} {...decision}>
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
        <dd className="wrap-anywhere text-slate-900">{item.groupName}</dd>
        <dt className="font-semibold text-slate-800">Posted by</dt>
        <dd className="text-slate-900">{author}</dd>
        <dt className="font-semibold text-slate-800">Posted</dt>
        <dd className="text-slate-900">
          <time dateTime={item.createdAt}>{dateTimeFormat.format(new Date(item.createdAt))}</time>
        </dd>
      </dl>
    </ApprovalCard>
  );
}
