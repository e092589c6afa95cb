import { useQueryClient } from "@tanstack/react-query";
import { parseNotification } from "../../../../core/events";
import { useRealtimeEvent } from "../../../lib/realtime";
import { profileQuery } from "./get-profile";

// A file of its own: get-profile.ts is in the entry (the router preloads the profile), and this hook's
// schema would bring zod into every first page load.
/**
 * A leader's decision on your own picture arrives live as a `picture` notification: the profile is read
 * again, so the header and the "waiting for a leader" note change without a reload.
 */
export function useRefreshOnPictureDecision() {
  const queryClient = useQueryClient();
  useRealtimeEvent("notification", (data) => {
    if (parseNotification(data)?.type === "picture")
      void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
  });
}
