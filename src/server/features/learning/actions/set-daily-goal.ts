import { defineAction } from "../../../shared/action";
import { setDailyGoal as saveGoal } from "../service";

/** The reader chooses how many activities a day their goal is (1, 2 or 3). */
export const setDailyGoal = defineAction({
  name: "learning/actions/set-daily-goal",
  authorise: async () => {},
  guard: { unguarded: "a number from a fixed choice, on the reader's own profile" },
  write: ({ db }, actor, { target }: { target: number }) => saveGoal(db, actor.id, target),
});
