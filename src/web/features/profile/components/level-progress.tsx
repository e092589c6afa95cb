import { levelForXp, levelProgressPercent } from "../../../../core/xp";

/** Spec §2 /profile: the bar between the current and the next level, with the rounded percentage. */
export function LevelProgress({ xp }: { xp: number }) {
  const level = levelForXp(xp);
  const nextLevel = level + 1;
  const percent = Math.round(levelProgressPercent(xp));
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-center justify-between text-sm font-semibold text-slate-800">
        <span>Level {level}</span>
        <span className="text-indigo-800">{percent}%</span>
        <span>Level {nextLevel}</span>
      </div>
      <div
        role="progressbar"
        aria-label={`Progress to Level ${nextLevel}`}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={`${percent}% of the way to Level ${nextLevel}`}
        className="h-4 w-full overflow-hidden rounded-full bg-slate-200"
      >
        {/* The width is data, not design, so it cannot be a Tailwind class. */}
        <div
          className="h-full rounded-full bg-indigo-700 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
