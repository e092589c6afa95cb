import type { AuditEntry } from "../../../../core/schemas/moderation";
import { Button } from "../../../components/ui/button";
import { LoadMoreButton } from "../../../components/ui/load-more-button";
import { LoadingText } from "../../../components/ui/spinner";
import { useAuditLog } from "../api/get-audit-log";
import { dateTimeFormat } from "./review-queue";

const ACTION_LABELS: Record<string, string> = {
  dismiss: "Dismissed the reports",
  hide: "Hid",
  delete: "Deleted",
  mute: "Muted",
  unmute: "Lifted the mute of",
  care_mails_off: "Stopped care-alert emails to",
  care_mails_on: "Restarted care-alert emails to",
  approve_media: "Approved the photo or video of",
  reject_media: "Removed the photo or video of",
  approve_avatar: "Approved the profile picture of",
  reject_avatar: "Did not approve the profile picture of",
  remove_avatar: "Removed the profile picture of",
  group_settings: "Changed the settings of",
  flag_reviewed: "Handled",
  flag_dismissed: "Dismissed",
};

const TARGET_LABELS: Record<string, string> = {
  post: "Post",
  comment: "Comment",
  message: "Chat message",
  user: "Member",
  report: "Report",
  group: "Group",
  ai_flag: "AI helper flag",
  avatar: "Member",
};

/** Actions the log does not know yet still read as words, never as a code. */
const actionLabel = (entry: AuditEntry) => {
  const label = ACTION_LABELS[entry.action] ?? entry.action.replaceAll("_", " ");
  const muteFor = entry.details.muteFor;
  if (entry.action === "mute" && (muteFor === "24h" || muteFor === "7d"))
    return `${label} for ${muteFor === "24h" ? "24 hours" : "7 days"}`;
  return label;
};

/** A leader, a deleted account, or Lamplight itself hiding an item once enough members reported it. */
const actorName = (entry: AuditEntry) =>
  entry.actor?.username ?? (entry.details.automatic === true ? "Automatic, after reports" : "Someone");

const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 60 * 60],
  ["month", 30 * 24 * 60 * 60],
  ["week", 7 * 24 * 60 * 60],
  ["day", 24 * 60 * 60],
  ["hour", 60 * 60],
  ["minute", 60],
];

/** '5 minutes ago', 'yesterday'; under a minute, 'now'. */
export function relativeTime(date: Date, now = new Date()) {
  const seconds = (date.getTime() - now.getTime()) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return relativeFormat.format(0, "second");
}

/** Admins only: every leader's action, newest first, with who did it and why. */
export function AuditLog() {
  const log = useAuditLog({ enabled: true });
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <section aria-labelledby="audit-log-heading" className="flex flex-col gap-4">
      <h2 id="audit-log-heading" className="text-xl font-bold text-slate-900">
        Audit log
      </h2>
      {log.isPending ? (
        <LoadingText>Loading the audit log...</LoadingText>
      ) : log.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 text-slate-700">
          <p>{log.error.message}</p>
          <Button variant="secondary" onClick={() => log.refetch()}>
            Try again
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <p className="text-slate-700">No actions yet.</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen must be reachable by keyboard to scroll it (WCAG 2.1.1)
        <section tabIndex={0} aria-label="Audit log entries" className="overflow-x-auto">
          <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
            <thead>
              <tr className="border-b border-slate-300 text-slate-800">
                <th scope="col" className="px-3 py-2 font-semibold">
                  When
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Who
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Action
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Target
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Reason
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => {
                const at = new Date(entry.createdAt);
                return (
                  <tr key={entry.id} className="border-b border-slate-200 align-top">
                    <td className="px-3 py-2 text-slate-900">
                      <time dateTime={entry.createdAt} className="flex flex-col">
                        <span>{relativeTime(at)}</span>
                        <span className="text-xs text-slate-700">{dateTimeFormat.format(at)}</span>
                      </time>
                    </td>
                    <td className="px-3 py-2 text-slate-900">{actorName(entry)}</td>
                    <td className="px-3 py-2 text-slate-900">{actionLabel(entry)}</td>
                    <td className="px-3 py-2 text-slate-900">
                      <span className="flex flex-col">
                        <span>{TARGET_LABELS[entry.targetType] ?? entry.targetType}</span>
                        <span className="font-mono text-xs break-all text-slate-700">{entry.targetId}</span>
                      </span>
                    </td>
                    <td className="px-3 py-2 whitespace-pre-wrap break-words text-slate-900">
                      {entry.reason}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}
      {log.hasNextPage && (
        <LoadMoreButton loading={log.isFetchingNextPage} onLoad={() => log.fetchNextPage()}>
          Show more entries
        </LoadMoreButton>
      )}
    </section>
  );
}
