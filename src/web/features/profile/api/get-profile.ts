import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { Profile } from "../../../../core/schemas/profile";
import { api, unwrap } from "../../../lib/api-client";

export const profileQuery = queryOptions({
  queryKey: ["profile"],
  queryFn: (): Promise<Profile> => unwrap(api.profile.$get()),
});

export function useProfile() {
  return useQuery(profileQuery);
}

/** Shows XP the server just awarded in the header at once; the profile is then refetched for the rest. */
export function setProfileXp(queryClient: QueryClient, { xp, level }: { xp: number; level: number }) {
  queryClient.setQueryData(profileQuery.queryKey, (profile: Profile | undefined) =>
    profile ? { ...profile, xp, level } : profile,
  );
  void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
}
