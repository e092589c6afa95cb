import { Mail } from "lucide-react";
import { REPORT_MAIL_MESSAGES } from "../../../../core/schemas/moderation";
import { Switch } from "../../../components/ui/switch";
import { useUpdateReportMails } from "../api/update-report-mails";

/**
 * 'Email me about reports' (issue 25), for leaders and admins: the batched mails about new reports. The report
 * mails' unsubscribe link points here (#report-mails). Saved at once; high-priority alerts are not affected.
 */
export function ReportMailsSetting({ on }: { on: boolean }) {
  const save = useUpdateReportMails();
  return (
    <section
      id="report-mails"
      aria-labelledby="report-mails-heading"
      className="flex scroll-mt-24 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="report-mails-heading" className="text-xl font-bold text-slate-900">
        Report mails
      </h2>
      <div className="flex items-center justify-between gap-4">
        <div className="flex flex-col gap-1">
          <span id="report-mails-label" className="flex items-center gap-2 font-semibold text-slate-900">
            <Mail aria-hidden="true" className="size-5 text-indigo-800" />
            {REPORT_MAIL_MESSAGES.toggleLabel}
          </span>
          <p id="report-mails-description" className="text-sm text-slate-700">
            {REPORT_MAIL_MESSAGES.toggleHelp}
          </p>
        </div>
        <Switch
          on={on}
          onToggle={() => save.mutate(!on)}
          aria-labelledby="report-mails-label"
          aria-describedby="report-mails-description"
        />
      </div>
      {save.isError ? (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {REPORT_MAIL_MESSAGES.saveFailed}
        </p>
      ) : save.isSuccess ? (
        <p role="status" className="text-sm font-semibold text-green-800">
          {REPORT_MAIL_MESSAGES.saved}
        </p>
      ) : null}
    </section>
  );
}
