import { useId } from "react";
import { FAMILY_SWITCHES, type FamilyPermissions, type FamilySwitchKey } from "../../../../core/family";
import { Switch } from "../../../components/ui/switch";

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
            <Switch on={on} onToggle={() => onToggle(key)} aria-labelledby={labelId} />
          </li>
        );
      })}
    </ul>
  );
}
