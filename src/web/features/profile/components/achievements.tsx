import type { LucideIcon } from "lucide-react";
import {
  BookOpen,
  CircleCheck,
  Flame,
  Lock,
  MessageCircleQuestionMark,
  RotateCcw,
  Users,
} from "lucide-react";
import type { AchievementId, AchievementView } from "../../../../core/achievements";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { Spinner } from "../../../components/ui/spinner";
import { useAchievements } from "../api/get-achievements";

const icons: Record<AchievementId, LucideIcon> = {
  first_story: BookOpen,
  question_master: MessageCircleQuestionMark,
  group_leader: Users,
  dedicated_reader: Flame,
};

// The app's words are English, so its dates are too: 'Nov 21, 2026'.
const earnedDate = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** Spec §3: the four achievements, as the server has awarded them from the reader's own activity. */
export function Achievements() {
  const achievements = useAchievements();

  return (
    <section
      aria-labelledby="achievements-heading"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="achievements-heading" className="text-xl font-bold text-slate-900">
        Achievements
      </h2>
      {achievements.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading achievements" className="size-8" />
        </div>
      ) : achievements.isError ? (
        <div className="flex flex-col items-start gap-3">
          <ErrorBox>{achievements.error.message}</ErrorBox>
          <Button
            variant="secondary"
            onClick={() => achievements.refetch()}
            disabled={achievements.isFetching}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            Try again
          </Button>
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {achievements.data.map((achievement) => (
            <AchievementRow key={achievement.id} achievement={achievement} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AchievementRow({
  achievement: { id, name, description, earnedAt },
}: {
  achievement: AchievementView;
}) {
  const Icon = icons[id];
  const earned = earnedAt !== null;
  return (
    <li
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
      {/* On a phone the state goes under the description, which then keeps the card's width. */}
      <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
        <div className="flex min-w-0 flex-col">
          <h3 className="font-semibold text-slate-900">{name}</h3>
          <p className="text-sm text-slate-700">{description}</p>
        </div>
        {/* Icon and words both carry the state, so it never depends on colour alone. */}
        {earned ? (
          <p className="flex shrink-0 flex-wrap items-center gap-x-2 text-sm font-semibold text-green-800 sm:flex-col sm:items-end">
            <span className="flex items-center gap-1">
              <CircleCheck aria-hidden="true" className="size-4" />
              Earned
            </span>{" "}
            <time dateTime={earnedAt} className="font-medium text-slate-700">
              {earnedDate.format(new Date(earnedAt))}
            </time>
          </p>
        ) : (
          <p className="flex shrink-0 items-center gap-1 text-sm font-medium text-slate-700">
            <Lock aria-hidden="true" className="size-4" />
            Not earned yet
          </p>
        )}
      </div>
    </li>
  );
}
