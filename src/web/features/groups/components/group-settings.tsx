import { useId } from "react";
import { ErrorBox } from "../../../components/ui/error-box";
import { useUpdateGroupSettings } from "../api/update-group-settings";

export const APPROVE_MEDIA_LABEL = "Approve photos and videos before members see them";
export const LEADERS_DECIDE_HINT = "Only a leader can change this.";

/**
 * The group's settings. A plain checkbox, so the keyboard and screen readers work it as they do any other; while
 * the change is on its way it shows the new value, and a refusal puts the old one back with the reason. Every
 * member sees how it is set; only those the server says may change it (`canManage`: leaders and admins in the
 * group) get a working control, the others a disabled one that says who decides.
 */
export function GroupSettings({
  groupId,
  approveMediaFirst,
  canChange,
}: {
  groupId: string;
  approveMediaFirst: boolean;
  canChange: boolean;
}) {
  const update = useUpdateGroupSettings(groupId);
  const hintId = useId();
  const checked = update.isPending ? update.variables.approveMediaFirst : approveMediaFirst;

  return (
    <section aria-label="Group settings" className="flex max-w-md flex-col gap-2">
      <label className="flex items-start gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          checked={checked}
          disabled={!canChange || update.isPending}
          aria-describedby={hintId}
          onChange={(event) => update.mutate({ approveMediaFirst: event.target.checked })}
          className="mt-0.5 size-4 shrink-0 accent-indigo-700"
        />
        {APPROVE_MEDIA_LABEL}
      </label>
      <p id={hintId} className="text-xs text-slate-600">
        {canChange
          ? "Leaders review members' uploads in the review queue. Leaders' own photos and videos show at once."
          : LEADERS_DECIDE_HINT}
      </p>
      <ErrorBox>{update.error?.message}</ErrorBox>
    </section>
  );
}
