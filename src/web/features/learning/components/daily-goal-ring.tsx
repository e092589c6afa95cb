import { Flame, PartyPopper } from "lucide-react";
import { STREAK_MESSAGES } from "../../../../core/streak";
import { useLearningToday } from "../api/get-learning-today";

const RADIUS = 28;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * Home's card: the streak, and the daily goal as a ring that fills with each activity, with a short celebration
 * once it is met (a gentle pop, none with reduced motion). No guilt: a missed day is simply forgiven.
 */
export function DailyGoalRing() {
  const { data } = useLearningToday();
  if (!data) return <div aria-hidden="true" className="h-28 animate-pulse rounded-2xl bg-slate-100" />;
  const { streak, goal } = data;
  const share = Math.min(goal.done / goal.target, 1);
  return (
    <section
      aria-labelledby="daily-goal-heading"
      className="flex flex-wrap items-center gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <svg viewBox="0 0 72 72" className="size-20 shrink-0 -rotate-90" aria-hidden="true">
        <circle cx="36" cy="36" r={RADIUS} fill="none" strokeWidth="8" className="stroke-slate-200" />
        <circle
          cx="36"
          cy="36"
          r={RADIUS}
          fill="none"
          strokeWidth="8"
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - share)}
          className={`transition-[stroke-dashoffset] duration-700 motion-reduce:transition-none ${
            goal.met ? "stroke-emerald-500" : "stroke-amber-500"
          }`}
        />
      </svg>
      <div className="flex flex-col gap-1">
        <h2 id="daily-goal-heading" className="text-lg font-bold text-slate-900">
          {STREAK_MESSAGES.goalLabel}: {Math.min(goal.done, goal.target)} of {goal.target}
        </h2>
        {goal.met ? (
          <p role="status" className="flex items-center gap-2 font-semibold text-emerald-800">
            <PartyPopper aria-hidden="true" className="size-5 motion-safe:animate-bounce" />
            {STREAK_MESSAGES.goalMet}
          </p>
        ) : (
          <p className="text-slate-700">Read a layer, answer a check or practise a verse.</p>
        )}
        <p className="flex items-center gap-1 text-slate-800">
          <Flame aria-hidden="true" className="size-4 text-orange-600" />
          {STREAK_MESSAGES.daysInARow(streak.days)}
        </p>
        {streak.saved && <p className="text-sm text-slate-700">{STREAK_MESSAGES.saved}</p>}
      </div>
    </section>
  );
}
