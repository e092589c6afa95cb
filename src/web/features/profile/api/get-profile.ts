import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Profile } from "../../../../core/schemas/profile";
import { useRealtimeEvent } from "../../../app/realtime";
import { api, unwrap } from "../../../lib/api-client";
import { notificationItemSchema } from "../../notifications/api/get-notifications";

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

/**
 * A leader's decision on your own picture arrives live as a `picture` notification: the profile is read
 * again, so the header and the "waiting for a leader" note change without a reload.
 */
export function useRefreshOnPictureDecision() {
  const queryClient = useQueryClient();
  useRealtimeEvent("notification", (data) => {
    const parsed = notificationItemSchema.safeParse(data);
    if (parsed.success && parsed.data.type === "picture")
      void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
  });
}
