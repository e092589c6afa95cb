import { Flame } from "lucide-react";
import { STREAK_MESSAGES } from "../../../../core/streak";
import { useLearningToday } from "../api/get-learning-today";

/** The header's streak: a flame and the number, said in words to a screen reader. Nothing before the first day. */
export function StreakBadge() {
  const { data } = useLearningToday();
  const days = data?.streak.days ?? 0;
  if (days === 0) return null;
  return (
    <p className="flex items-center gap-1 rounded-full bg-orange-50 px-2 py-1 text-sm font-bold text-orange-900">
      <Flame aria-hidden="true" className="size-4 text-orange-600" />
      <span aria-hidden="true">{days}</span>
      <span className="sr-only">{STREAK_MESSAGES.streakLabel(days)}</span>
    </p>
  );
}
