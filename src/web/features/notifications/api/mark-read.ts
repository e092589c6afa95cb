import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { markReadInCache, notificationsQuery } from "./get-notifications";

/** Marks some of the reader's notifications read: at once on screen, then as the server counts. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => unwrap(api.notifications.read.$post({ json: { ids } })),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: notificationsQuery().queryKey });
      markReadInCache(queryClient, ids);
    },
    onSuccess: ({ unreadCount }, ids) => markReadInCache(queryClient, ids, unreadCount),
    onError: () => queryClient.invalidateQueries({ queryKey: notificationsQuery().queryKey }),
  });
}
