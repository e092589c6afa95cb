import { type FormEvent, useId, useState } from "react";
import {
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASONS,
  type ReportReason,
  type ReportTargetType,
} from "../../../../core/schemas/moderation";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { ErrorBox } from "../../../components/ui/error-box";
import { TextAreaField } from "../../../components/ui/field";
import { useReportItem } from "../api/report-item";

const TITLES: Record<ReportTargetType, string> = {
  post: "Report this post",
  comment: "Report this comment",
  message: "Report this message",
  avatar: "Report this picture",
};

/** The answer takes the focus, because the form (and the button that held it) has gone. */
const focusOnMount = (node: HTMLElement | null) => node?.focus();

type ReportDialogProps = {
  targetType: ReportTargetType;
  targetId: string;
  /** For a profile picture: the group where it was seen (posts, comments and messages carry their own). */
  groupId?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** As Dialog's: a report opened from a menu sends the focus back to the menu's button itself. */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * Reporting a post, comment, chat message or profile picture to the leaders: what is wrong (required) and an optional note. The
 * server's answer (thanks, or already reported) shows in the dialog. The choices live only while it is open, so
 * closing it forgets them.
 */
export function ReportDialog({
  targetType,
  targetId,
  groupId,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: ReportDialogProps) {
  const report = useReportItem();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState("");
  const labelId = useId();

  const close = (next: boolean) => {
    // Held open while sending, so the reader learns whether the report arrived.
    if (report.isPending) return;
    if (!next) {
      setReason(null);
      setNote("");
      report.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason || report.isPending) return;
    const trimmed = note.trim();
    report.mutate({
      targetType,
      targetId,
      reason,
      ...(trimmed ? { note: trimmed } : {}),
      ...(groupId ? { groupId } : {}),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={TITLES[targetType]}
      description="Tell a leader what is wrong, and they will take a look."
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {report.isSuccess ? (
        <div className="flex flex-col gap-4">
          <p ref={focusOnMount} tabIndex={-1} className="text-slate-900 focus:outline-none">
            {report.data.message}
          </p>
          <Button className="self-end" onClick={() => close(false)}>
            Close
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4">
          <div role="radiogroup" aria-labelledby={labelId} className="flex flex-col gap-2">
            <p id={labelId} className="mb-1 text-sm font-semibold text-slate-900">
              What's wrong?
            </p>
            {REPORT_REASONS.map((option) => (
              <label
                key={option.id}
                className={`flex cursor-pointer items-center gap-3 rounded-lg border-2 px-3 py-2 text-sm text-slate-900 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-700 ${
                  reason === option.id ? "border-indigo-700 bg-indigo-50" : "border-slate-200"
                }`}
              >
                <input
                  type="radio"
                  name="report-reason"
                  value={option.id}
                  checked={reason === option.id}
                  onChange={() => setReason(option.id)}
                  className="size-4 accent-indigo-700"
                />
                {option.label}
              </label>
            ))}
          </div>
          <TextAreaField
            label="Anything else a leader should know? (optional)"
            value={note}
            rows={3}
            maxLength={REPORT_NOTE_MAX_LENGTH}
            onChange={(event) => setNote(event.target.value)}
          />
          <ErrorBox>{report.error?.message}</ErrorBox>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => close(false)} disabled={report.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!reason || report.isPending}>
              {report.isPending ? "Sending..." : "Send report"}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
