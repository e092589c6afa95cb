import { Star, Target, Zap } from "lucide-react";
import { levelForXp, xpToNextLevel } from "../../../../core/xp";

/**
 * Spec §2 /profile: Current Level, Total XP, XP to Next Level. The level is derived from XP with the shared
 * formula so that the tiles, the progress bar and the header can never disagree.
 */
export function StatTiles({ xp }: { xp: number }) {
  const tiles = [
    { label: "Current Level", value: levelForXp(xp), Icon: Star },
    { label: "Total XP", value: xp, Icon: Zap },
    { label: "XP to Next Level", value: xpToNextLevel(xp), Icon: Target },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {tiles.map(({ label, value, Icon }) => (
        <div
          key={label}
          className="flex flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <dt className="flex items-center gap-2 text-sm font-medium text-slate-700">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-900">
              <Icon aria-hidden="true" className="size-4" />
            </span>
            {label}
          </dt>
          <dd className="text-3xl font-bold text-slate-900">{value.toLocaleString("en-US")}</dd>
        </div>
      ))}
    </dl>
  );
}
