import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DailyGoal } from "../../../../core/streak";
import { api, unwrap } from "../../../lib/api-client";
import { learningTodayQuery } from "./get-learning-today";

export function useSetDailyGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: DailyGoal) => unwrap(api.learning.goal.$put({ json: { target } })),
    onSuccess: (today) => queryClient.setQueryData(learningTodayQuery.queryKey, today),
  });
}
