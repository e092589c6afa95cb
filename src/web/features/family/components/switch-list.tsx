import { useId } from "react";
import { FAMILY_SWITCHES, type FamilyPermissions, type FamilySwitchKey } from "../../../../core/family";

/**
 * The three switches a parent sets ('Study groups and chat', 'AI helper', 'Photos and videos'), as the consent
 * page and 'Your family' both show them: a list of labelled `role="switch"` buttons.
 */
export function SwitchList({
  permissions,
  onToggle,
}: {
  permissions: FamilyPermissions;
  onToggle: (key: FamilySwitchKey) => void;
}) {
  const labelIdPrefix = useId();
  return (
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
              onClick={() => onToggle(key)}
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
  );
}
