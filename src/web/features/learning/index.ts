// The streak and the daily goal (issue 23): the header's flame, home's ring and the profile's choice of goal.
export { refreshLearningToday, useLearningToday } from "./api/get-learning-today";
export { DailyGoalChoice } from "./components/daily-goal-choice";
export { DailyGoalRing } from "./components/daily-goal-ring";
export { StreakBadge } from "./components/streak-badge";
