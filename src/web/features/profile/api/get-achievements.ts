import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { AchievementView } from "../../../../core/achievements";
import { api, unwrap } from "../../../lib/api-client";

/**
 * The four achievements of spec §3 in their fixed order, each with the moment it was earned or null. Under the
 * profile's key, so whatever refreshes the profile (XP from a finished story) refreshes these too.
 */
export const achievementsQuery = queryOptions({
  queryKey: ["profile", "achievements"],
  queryFn: async (): Promise<AchievementView[]> =>
    (await unwrap(api.profile.achievements.$get())).achievements,
});

export function useAchievements() {
  return useQuery(achievementsQuery);
}

/** Called when the server says one was just earned, so an open profile shows it at once. */
export function refreshAchievements(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: achievementsQuery.queryKey });
}
