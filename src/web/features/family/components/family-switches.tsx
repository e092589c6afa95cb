import { useId } from "react";
import { FAMILY_MESSAGES, type FamilyPermissions } from "../../../../core/family";
import { ErrorBox } from "../../../components/ui/error-box";
import { useUpdateChildPermissions } from "../api/update-child-permissions";
import { SwitchList } from "./switch-list";

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

  const toggle = (key: keyof FamilyPermissions) =>
    update.mutate({ ...permissions, [key]: !permissions[key] });

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="font-bold text-slate-900">
        What {username} can use
      </h3>
      <SwitchList permissions={permissions} onToggle={toggle} />
      {/* Always present, so a screen reader announces the word when it appears. */}
      <p role="status" className="min-h-5 text-sm font-semibold text-green-800">
        {update.isSuccess ? FAMILY_MESSAGES.switchesSaved : ""}
      </p>
      <ErrorBox>{update.error?.message}</ErrorBox>
    </section>
  );
}
