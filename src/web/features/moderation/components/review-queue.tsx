import { useId, useState } from "react";
import { type QueueReport, REPORT_REASONS, type ReportTargetType } from "../../../../core/schemas/moderation";
import { Button } from "../../../components/ui/button";
import { useQueue } from "../api/get-queue";
import { useCardFocus } from "../hooks/use-card-focus";
import { ActionDialog, type ChoiceId, choiceFor } from "./action-dialog";
import { LeaderTab } from "./leader-tab";

const TARGET_LABELS: Record<ReportTargetType, string> = {
  post: "Post",
  comment: "Comment",
  message: "Chat message",
  avatar: "Profile picture",
};

/** A card's title: a post, comment or message is by its author; a picture is of its owner. */
const cardTitle = (item: QueueReport["item"], author: string) =>
  item.targetType === "avatar"
    ? `Profile picture of ${author}`
    : `${TARGET_LABELS[item.targetType]} by ${author}`;

const reasonLabel = (reason: QueueReport["reason"]) =>
  REPORT_REASONS.find((option) => option.id === reason)?.label ?? reason;

export const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/**
 * Which report a leader is acting on and how; the button that asked, for the focus to go back to when they
 * cancel, and the card it moves to once the report has left the queue.
 */
type Acting = { report: QueueReport; choice: ChoiceId; opener: HTMLElement; nextReportId: string | null };

/** The open reports, oldest first, each with what was written and the five things a leader can do about it. */
export function ReviewQueue() {
  const queue = useQueue({ enabled: true });
  const [acting, setActing] = useState<Acting | null>(null);
  const { headingRef, cardRef, actedInDialog, returnFocusFrom } = useCardFocus();
  const reports = queue.data?.pages.flatMap((page) => page.reports) ?? [];

  const startAction = (report: QueueReport, choice: ChoiceId, opener: HTMLElement) => {
    const index = reports.findIndex((other) => other.id === report.id);
    // The action may close the item's other reports as well, so the focus skips past them.
    const next = reports
      .slice(index + 1)
      .find(
        (other) =>
          other.item.targetType !== report.item.targetType || other.item.targetId !== report.item.targetId,
      );
    setActing({ report, choice, opener, nextReportId: next?.id ?? null });
  };

  return (
    <LeaderTab
      title="Reports"
      headingRef={headingRef}
      query={queue}
      loadingText="Loading reports..."
      emptyText="Nothing to review. Thank you for keeping Lamplight safe!"
      listLabel="Open reports"
      items={reports}
      itemKey={(report) => report.id}
      renderItem={(report) => (
        <ReportCard
          report={report}
          cardRef={cardRef(report.id)}
          onAction={(choice, opener) => startAction(report, choice, opener)}
        />
      )}
      moreLabel="Show more reports"
    >
      {acting && (
        <ActionDialog
          report={acting.report}
          choice={acting.choice}
          onDone={() => {
            actedInDialog(acting.nextReportId);
            setActing(null);
          }}
          onCancel={() => setActing(null)}
          onCloseAutoFocus={returnFocusFrom(acting.opener)}
        />
      )}
    </LeaderTab>
  );
}

function ReportCard({
  report,
  cardRef,
  onAction,
}: {
  report: QueueReport;
  cardRef: (element: HTMLElement | null) => void;
  onAction: (choice: ChoiceId, opener: HTMLElement) => void;
}) {
  const titleId = useId();
  const { item } = report;
  const author = item.author?.username ?? "Someone";
  const reportCount = report.reportCount === 1 ? "1 report" : `${report.reportCount} reports`;
  const picture = item.targetType === "avatar";
  // A deleted item has nothing left to hide or delete, a removed picture nothing to remove; an unknown author
  // cannot be muted.
  const choices: ChoiceId[] = [
    "dismiss",
    ...(!picture && item.text !== null ? (["hide", "delete"] as const) : []),
    ...(picture && item.pictureUrl ? (["removePicture"] as const) : []),
    ...(item.author ? (["mute24h", "mute7d"] as const) : []),
  ];

  return (
    <article
      ref={cardRef}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="text-lg font-bold text-slate-900">
          {cardTitle(item, author)}
        </h3>
        {item.hidden && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            Hidden
          </span>
        )}
        <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">
          {reportCount}
        </span>
      </header>
      {picture ? (
        item.pictureUrl ? (
          <img
            src={item.pictureUrl}
            alt={`${author}'s avatar`}
            className="size-32 rounded-full bg-slate-100 object-cover"
          />
        ) : (
          <p className="text-slate-700 italic">This picture has been removed or changed.</p>
        )
      ) : item.text === null ? (
        <p className="text-slate-700 italic">This has been deleted.</p>
      ) : (
        // Plain text as written: React escapes it, and the line breaks stay.
        <p className="whitespace-pre-wrap break-words rounded-lg bg-slate-50 px-3 py-2 text-slate-900">
          {item.text}
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold text-slate-800">Group</dt>
        <dd className="wrap-anywhere text-slate-900">{item.groupName}</dd>
        <dt className="font-semibold text-slate-800">Reason</dt>
        <dd className="text-slate-900">{reasonLabel(report.reason)}</dd>
        {report.note && (
          <>
            <dt className="font-semibold text-slate-800">Note</dt>
            <dd className="whitespace-pre-wrap break-words text-slate-900">{report.note}</dd>
          </>
        )}
        <dt className="font-semibold text-slate-800">Reported by</dt>
        <dd className="text-slate-900">{report.reporter?.username ?? "Someone"}</dd>
        <dt className="font-semibold text-slate-800">Reported</dt>
        <dd className="text-slate-900">
          <time dateTime={report.createdAt}>{dateTimeFormat.format(new Date(report.createdAt))}</time>
        </dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        {choices.map((id) => (
          <Button
            key={id}
            variant={id === "delete" || id === "removePicture" ? "danger" : "secondary"}
            onClick={(event) => onAction(id, event.currentTarget)}
          >
            {choiceFor(id).label}
          </Button>
        ))}
      </div>
    </article>
  );
}
