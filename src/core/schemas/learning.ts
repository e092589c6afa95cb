import { z } from "zod";
import "./zod-messages";
import { DAILY_GOALS, STREAK_MESSAGES } from "../streak";

export * from "../streak";

export const dailyGoalSchema = z.object({
  target: z.union(
    DAILY_GOALS.map((goal) => z.literal(goal)),
    { error: STREAK_MESSAGES.goalChoice },
  ),
});

/** The streak and today's goal, in the reader's own days. */
export type LearningToday = {
  streak: { days: number; saved: boolean };
  goal: { target: number; done: number; met: boolean };
};

/* Route shapes (signed in; the day is the reader's own, by the x-time-zone header):
 * GET /api/learning/today → LearningToday
 * PUT /api/learning/goal { target: 1 | 2 | 3 } → LearningToday
 */
