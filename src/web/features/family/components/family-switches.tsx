import { useId } from "react";
import { FAMILY_MESSAGES, FAMILY_SWITCHES, type FamilyPermissions } from "../../../../core/family";
import { ErrorBox } from "../../../components/ui/error-box";
import { useUpdateChildPermissions } from "../api/update-child-permissions";

/**
 * A child's three switches. Each change sends all three, so the server never holds a half-applied set; the
 * switch moves at once and moves back, with the server's reason, if the change is refused.
 */
export function FamilySwitches({
  childId,
  username,
  permissions,
}: {
  childId: string;
  username: string;
  permissions: FamilyPermissions;
}) {
  const update = useUpdateChildPermissions(childId);
  const headingId = useId();
  const labelIdPrefix = useId();

  const toggle = (key: keyof FamilyPermissions) =>
    update.mutate({ ...permissions, [key]: !permissions[key] });

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="font-bold text-slate-900">
        What {username} can use
      </h3>
      <ul className="flex flex-col gap-2">
        {FAMILY_SWITCHES.map(({ key, label }) => {
          const on = permissions[key];
          const labelId = `${labelIdPrefix}-${key}`;
          return (
            <li key={key} className="flex items-center justify-between gap-4">
              <span id={labelId} className="font-medium text-slate-800">
                {label}
              </span>
              <button
                type="button"
                role="switch"
                aria-checked={on}
                aria-labelledby={labelId}
                onClick={() => toggle(key)}
                className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent motion-safe:transition-colors ${
                  on ? "bg-indigo-700" : "bg-slate-400"
                }`}
              >
                <span
                  aria-hidden="true"
                  className={`inline-block size-5 rounded-full bg-white shadow motion-safe:transition-transform ${
                    on ? "translate-x-6" : "translate-x-0.5"
                  }`}
                />
              </button>
            </li>
          );
        })}
      </ul>
      {/* Always present, so a screen reader announces the word when it appears. */}
      <p role="status" className="min-h-5 text-sm font-semibold text-green-800">
        {update.isSuccess ? FAMILY_MESSAGES.switchesSaved : ""}
      </p>
      <ErrorBox>{update.error?.message}</ErrorBox>
    </section>
  );
}
