import { Mail } from "lucide-react";
import { REPORT_MAIL_MESSAGES } from "../../../../core/schemas/moderation";
import { useUpdateReportMails } from "../api/update-report-mails";
import { MailSetting } from "./mail-setting";

/**
 * 'Email me about reports' (issue 25), for leaders, admins and groups' owners: the batched mails about new
 * reports. The report mails' unsubscribe link points here (#report-mails). Saved at once; high-priority alerts
 * are not affected.
 */
export function ReportMailsSetting({ on }: { on: boolean }) {
  const save = useUpdateReportMails();
  return (
    <MailSetting
      id="report-mails"
      heading="Report mails"
      icon={Mail}
      words={REPORT_MAIL_MESSAGES}
      on={on}
      save={save}
    />
  );
}
