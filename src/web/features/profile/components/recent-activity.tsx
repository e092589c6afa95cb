import { CalendarDays, Sparkles, TrendingUp } from "lucide-react";
import type { Profile } from "../../../../core/schemas/profile";
import { levelForXp } from "../../../../core/xp";

// The app's words are English, so its dates are too: 'November 21, 2026'.
const joinedDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long" });

/** Spec §2 /profile: 'Joined' with the signup date, 'Reached Level N' with +10*N XP, 'Earned X XP points'. */
export function RecentActivity({ profile }: { profile: Pick<Profile, "createdAt" | "xp"> }) {
  const level = levelForXp(profile.xp);
  const entries = [
    {
      key: "joined",
      Icon: CalendarDays,
      title: "Joined",
      detail: joinedDate.format(new Date(profile.createdAt)),
    },
    // Level 1 is where everyone starts, so it is not something reached.
    ...(level > 1
      ? [{ key: "level", Icon: TrendingUp, title: `Reached Level ${level}`, detail: `+${10 * level} XP` }]
      : []),
    ...(profile.xp > 0
      ? [
          {
            key: "xp",
            Icon: Sparkles,
            title: `Earned ${profile.xp.toLocaleString("en-US")} XP points`,
            detail: null,
          },
        ]
      : []),
  ];

  return (
    <section
      aria-labelledby="recent-activity-heading"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="recent-activity-heading" className="text-xl font-bold text-slate-900">
        Recent Activity
      </h2>
      <ul className="flex flex-col gap-3">
        {entries.map(({ key, Icon, title, detail }) => (
          <li key={key} className="flex items-center gap-3 rounded-xl border border-slate-200 p-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-indigo-800">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span className="flex-1 font-semibold text-slate-900">{title}</span>
            {detail && <span className="shrink-0 text-sm font-medium text-slate-700">{detail}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
