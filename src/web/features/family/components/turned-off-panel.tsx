import { Lock } from "lucide-react";
import type { ReactNode } from "react";
import { FAMILY_MESSAGES, type FamilySwitchKey } from "../../../../core/family";
import { useFamilySwitch } from "../hooks/use-family-switch";

/** What a child sees in place of a part of Lamplight their parent has turned off: kind, and no way around it. */
export function TurnedOffPanel({ title }: { title: string }) {
  return (
    <section
      aria-labelledby="turned-off-heading"
      className="mx-auto flex max-w-xl flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-indigo-50 text-indigo-700">
        <Lock aria-hidden="true" className="size-7" />
      </span>
      <h1 id="turned-off-heading" className="text-2xl font-extrabold text-slate-900">
        {title}
      </h1>
      <p className="text-lg text-slate-800">{FAMILY_MESSAGES.turnedOff}</p>
      <p className="text-slate-700">{FAMILY_MESSAGES.turnedOffHint}</p>
    </section>
  );
}

/**
 * A screen that one of a parent's switches covers: the screen when the switch is on, else the panel. The
 * screen is not even mounted when off, so it makes no calls the server would refuse.
 */
export function FamilySwitchGate({
  switchKey,
  title,
  children,
}: {
  switchKey: FamilySwitchKey;
  /** The screen's own heading, so the child knows which part is off. */
  title: string;
  children: ReactNode;
}) {
  const allowed = useFamilySwitch(switchKey);
  if (allowed) return children;
  return (
    <>
      <title>{`${title} · Lamplight`}</title>
      <TurnedOffPanel title={title} />
    </>
  );
}
