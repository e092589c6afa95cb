import { useQueryClient } from "@tanstack/react-query";
import { useNotificationEvent } from "../../../lib/realtime";
import { profileQuery } from "./get-profile";

// A file of its own: get-profile.ts is in the entry (the router preloads the profile), which does not
// listen to the tab's stream.
/**
 * A leader's decision on your own picture arrives live as a `picture` notification: the profile is read
 * again, so the header and the "waiting for a leader" note change without a reload.
 */
export function useRefreshOnPictureDecision() {
  const queryClient = useQueryClient();
  useNotificationEvent((item) => {
    if (item.type === "picture") void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
  });
}
