import { useId } from "react";
import { avatarReviewSchema, type PendingAvatar } from "../../../../core/schemas/moderation";
import { usePendingAvatars } from "../api/get-pending-avatars";
import { useReviewAvatar } from "../api/review-avatar";
import { type DecisionProps, useApprovalQueue } from "../hooks/use-approval-queue";
import { ApprovalCard, RejectDialog } from "./approval-card";
import { LeaderTab } from "./leader-tab";
import { dateTimeFormat } from "./review-queue";

export const NO_PENDING_AVATARS = "No profile pictures waiting.";

const ownerName = (item: PendingAvatar) => item.username ?? "a member";

/**
 * 'Profile pictures' in the leader page's 'Photos and videos' tab (issue 18): members' uploaded pictures,
 * oldest first, which others see only once a leader approves them. Reject removes the picture, after asking
 * for an optional reason for the audit log. One decision at a time: the buttons wait while one is on its way,
 * and the focus then moves to the next picture.
 */
export function PendingAvatars() {
  const queue = usePendingAvatars();
  const avatars = queue.data?.pages.flatMap((page) => page.avatars) ?? [];
  const decisions = useApprovalQueue({
    items: avatars,
    idOf: (item) => item.userId,
    review: useReviewAvatar(),
  });
  const { rejecting } = decisions;

  const reject = (item: PendingAvatar, reason: string) => {
    const parsed = avatarReviewSchema.safeParse({ action: "reject", pictureUrl: item.pictureUrl, reason });
    if (!parsed.success) return;
    const { pictureUrl, reason: given } = parsed.data;
    decisions.decide(item, { userId: item.userId, action: "reject", pictureUrl, reason: given || undefined });
  };

  return (
    <LeaderTab
      title="Profile pictures"
      headingRef={decisions.headingRef}
      intro="Members' own pictures. Others see their first letter until a leader approves."
      notice={decisions.notice}
      query={queue}
      loadingText="Loading profile pictures..."
      emptyText={NO_PENDING_AVATARS}
      listLabel="Profile pictures waiting for approval"
      listClassName="grid gap-4 sm:grid-cols-2"
      items={avatars}
      itemKey={(item) => item.userId}
      renderItem={(item) => (
        <AvatarCard
          item={item}
          {...decisions.cardProps(item, {
            userId: item.userId,
            action: "approve",
            pictureUrl: item.pictureUrl,
          })}
        />
      )}
      moreLabel="Show more pictures"
    >
      {rejecting && (
        <RejectDialog
          title="Reject this profile picture?"
          description={`The picture ${ownerName(rejecting.item)} sent will be removed, and they are told. Others keep seeing their first letter.`}
          onReject={(reason) => reject(rejecting.item, reason)}
          {...rejecting.dialog}
        />
      )}
    </LeaderTab>
  );
}

function AvatarCard({ item, ...decision }: DecisionProps & { item: PendingAvatar }) {
  const titleId = useId();
  const owner = ownerName(item);

  return (
    <ApprovalCard titleId={titleId} {...decision}>
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
    </ApprovalCard>
  );
}
