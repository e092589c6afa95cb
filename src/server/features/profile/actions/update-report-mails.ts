import type { ReportMailsSetting } from "../../../../core/schemas/profile";
import { defineAction } from "../../../shared/action";
import { saveReportMails } from "../service";

/** 'Email me about reports': whether the batched report mails reach the reader (issue 25). */
export const updateReportMails = defineAction({
  name: "profile/actions/update-report-mails",
  // Only ever the reader's own setting.
  authorise: async () => {},
  guard: { unguarded: "an on/off choice on the reader's own profile, seen by nobody else" },
  write: ({ db }, actor, input: ReportMailsSetting) => saveReportMails(db, actor.id, input.on),
});
