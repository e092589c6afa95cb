import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { markReadInCache, notificationsQuery } from "./get-notifications";

/** Marks every notification of the reader read, including those older than the 50 shown. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.notifications["read-all"].$post()),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: notificationsQuery().queryKey });
      markReadInCache(queryClient, null);
    },
    onSuccess: ({ unreadCount }) => markReadInCache(queryClient, null, unreadCount),
    onError: () => queryClient.invalidateQueries({ queryKey: notificationsQuery().queryKey }),
  });
}
