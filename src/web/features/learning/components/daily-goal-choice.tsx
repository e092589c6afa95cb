import { DAILY_GOALS, type DailyGoal, STREAK_MESSAGES } from "../../../../core/streak";
import { ErrorBox } from "../../../components/ui/error-box";
import { failureMessage } from "../../../lib/api-client";
import { useLearningToday } from "../api/get-learning-today";
import { useSetDailyGoal } from "../api/set-daily-goal";

/** The profile's choice of a daily goal: 1, 2 or 3 activities a day (1 unless chosen). */
export function DailyGoalChoice() {
  const { data } = useLearningToday();
  const setGoal = useSetDailyGoal();
  const current = setGoal.isPending ? setGoal.variables : (data?.goal.target ?? 1);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-lg font-bold text-slate-900">{STREAK_MESSAGES.goalLabel}</legend>
      <div className="flex flex-wrap gap-2">
        {DAILY_GOALS.map((goal: DailyGoal) => (
          <label
            key={goal}
            className="flex cursor-pointer items-center gap-2 rounded-xl border border-slate-300 px-3 py-2 has-[:checked]:border-indigo-700 has-[:checked]:bg-indigo-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-600"
          >
            <input
              type="radio"
              name="daily-goal"
              value={goal}
              checked={current === goal}
              disabled={!data}
              onChange={() => setGoal.mutate(goal)}
              className="accent-indigo-700"
            />
            {goal === 1 ? "1 activity a day" : `${goal} activities a day`}
          </label>
        ))}
      </div>
      {setGoal.isError && (
        <ErrorBox>{failureMessage(setGoal.error, "Your goal wasn't saved. Please try again.")}</ErrorBox>
      )}
    </fieldset>
  );
}
