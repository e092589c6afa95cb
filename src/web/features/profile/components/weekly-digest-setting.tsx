import { CalendarDays } from "lucide-react";
import { DIGEST_MESSAGES } from "../../../../core/schemas/digest";
import { Switch } from "../../../components/ui/switch";
import { useUpdateWeeklyDigest } from "../api/update-weekly-digest";

/**
 * 'Weekly summary by email' (issue 25), for leaders, admins and groups' owners: the Monday digest of their
 * groups, off until turned on. The digest's unsubscribe link points here (#weekly-digest). Saved at once.
 */
export function WeeklyDigestSetting({ on }: { on: boolean }) {
  const save = useUpdateWeeklyDigest();
  return (
    <section
      id="weekly-digest"
      aria-labelledby="weekly-digest-heading"
      className="flex scroll-mt-24 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="weekly-digest-heading" className="text-xl font-bold text-slate-900">
        Weekly summary
      </h2>
      <div className="flex items-center justify-between gap-4">
        <div className="flex flex-col gap-1">
          <span id="weekly-digest-label" className="flex items-center gap-2 font-semibold text-slate-900">
            <CalendarDays aria-hidden="true" className="size-5 text-indigo-800" />
            {DIGEST_MESSAGES.toggleLabel}
          </span>
          <p id="weekly-digest-description" className="text-sm text-slate-700">
            {DIGEST_MESSAGES.toggleHelp}
          </p>
        </div>
        <Switch
          on={on}
          onToggle={() => save.mutate(!on)}
          aria-labelledby="weekly-digest-label"
          aria-describedby="weekly-digest-description"
        />
      </div>
      {save.isError ? (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {DIGEST_MESSAGES.saveFailed}
        </p>
      ) : save.isSuccess ? (
        <p role="status" className="text-sm font-semibold text-green-800">
          {DIGEST_MESSAGES.saved}
        </p>
      ) : null}
    </section>
  );
}
