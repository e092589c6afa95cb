import type { LucideIcon } from "lucide-react";
import { BookOpen, CircleCheck, Flame, Lock, MessageCircleQuestionMark, Users } from "lucide-react";
import type { Profile } from "../../../../core/schemas/profile";

type Achievement = { name: string; description: string; earned: boolean; Icon: LucideIcon };

/**
 * The fixed list of spec §3. Only First Story can be told from the data we have today; the other three stay
 * unearned until the server computes them, because showing a child a badge they did not earn would be a lie.
 */
export function achievementsFor(profile: Pick<Profile, "completedStories">): Achievement[] {
  return [
    {
      name: "First Story",
      description: "Complete your first Bible story",
      earned: profile.completedStories > 0,
      Icon: BookOpen,
    },
    {
      name: "Question Master",
      description: "Asked 10 questions to AI helper",
      earned: false,
      Icon: MessageCircleQuestionMark,
    },
    { name: "Group Leader", description: "Joined a study group", earned: false, Icon: Users },
    { name: "Dedicated Reader", description: "Read stories 5 days in a row", earned: false, Icon: Flame },
  ];
}

export function Achievements({ profile }: { profile: Pick<Profile, "completedStories"> }) {
  return (
    <section
      aria-labelledby="achievements-heading"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="achievements-heading" className="text-xl font-bold text-slate-900">
        Achievements
      </h2>
      <ul className="flex flex-col gap-3">
        {achievementsFor(profile).map(({ name, description, earned, Icon }) => (
          <li
            key={name}
            className={`flex items-center gap-3 rounded-xl border p-3 ${
              earned ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-slate-50"
            }`}
          >
            <span
              className={`flex size-10 shrink-0 items-center justify-center rounded-full ${
                earned ? "bg-amber-200 text-amber-900" : "bg-slate-200 text-slate-700"
              }`}
            >
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div className="flex min-w-0 flex-1 flex-col">
              <h3 className="font-semibold text-slate-900">{name}</h3>
              <p className="text-sm text-slate-700">{description}</p>
            </div>
            {/* Icon and words both carry the state, so it never depends on colour alone. */}
            {earned ? (
              <span className="flex shrink-0 items-center gap-1 text-sm font-semibold text-green-800">
                <CircleCheck aria-hidden="true" className="size-4" />
                Earned
              </span>
            ) : (
              <span className="flex shrink-0 items-center gap-1 text-sm font-medium text-slate-700">
                <Lock aria-hidden="true" className="size-4" />
                Not earned yet
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
