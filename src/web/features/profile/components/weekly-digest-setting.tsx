import { CalendarDays } from "lucide-react";
import { DIGEST_MESSAGES } from "../../../../core/schemas/digest";
import { useUpdateWeeklyDigest } from "../api/update-weekly-digest";
import { MailSetting } from "./mail-setting";

/**
 * 'Weekly summary by email' (issue 25), for leaders, admins and groups' owners: the Monday digest of their
 * groups, off until turned on. The digest's unsubscribe link points here (#weekly-digest). Saved at once.
 */
export function WeeklyDigestSetting({ on }: { on: boolean }) {
  const save = useUpdateWeeklyDigest();
  return (
    <MailSetting
      id="weekly-digest"
      heading="Weekly summary"
      icon={CalendarDays}
      words={DIGEST_MESSAGES}
      on={on}
      save={save}
    />
  );
}
