import { useId } from "react";
import { ErrorBox } from "../../../components/ui/error-box";
import { useUpdateGroupSettings } from "../api/update-group-settings";

export const APPROVE_MEDIA_LABEL = "Approve photos and videos before members see them";

/**
 * The group's settings, for those who may change them (the group page asks the server: `canManage`). A plain
 * checkbox, so the keyboard and screen readers work it as they do any other; while the change is on its way
 * it shows the new value, and a refusal puts the old one back with the reason.
 */
export function GroupSettings({
  groupId,
  approveMediaFirst,
}: {
  groupId: string;
  approveMediaFirst: boolean;
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
          disabled={update.isPending}
          aria-describedby={hintId}
          onChange={(event) => update.mutate({ approveMediaFirst: event.target.checked })}
          className="mt-0.5 size-4 shrink-0 accent-indigo-700"
        />
        {APPROVE_MEDIA_LABEL}
      </label>
      <p id={hintId} className="text-xs text-slate-600">
        Leaders review members' uploads in the review queue. Leaders' own photos and videos show at once.
      </p>
      <ErrorBox>{update.error?.message}</ErrorBox>
    </section>
  );
}
