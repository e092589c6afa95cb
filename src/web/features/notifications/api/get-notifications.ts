import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { NotificationItem } from "../../../../core/schemas/notifications";
import { api, unwrap } from "../../../lib/api-client";

export type NotificationsData = { notifications: NotificationItem[]; unreadCount: number };

/** The reader's 50 newest notifications and how many of all of theirs are unread. */
export const notificationsQuery = () =>
  queryOptions({
    queryKey: ["notifications"],
    queryFn: async (): Promise<NotificationsData> => unwrap(api.notifications.$get()),
  });

export function useNotifications() {
  return useQuery(notificationsQuery());
}

/** A live notification: first in the list, and one more unread; once, however often it arrives. */
export function addNotification(queryClient: QueryClient, item: NotificationItem) {
  queryClient.setQueryData(notificationsQuery().queryKey, (data) => {
    if (!data || data.notifications.some((existing) => existing.id === item.id)) return data;
    return {
      notifications: [item, ...data.notifications],
      unreadCount: data.unreadCount + (item.read ? 0 : 1),
    };
  });
}

/** Marks the given notifications (or all, with `ids` null) read in the cache; the server's count wins when known. */
export function markReadInCache(
  queryClient: QueryClient,
  ids: readonly string[] | null,
  unreadCount?: number,
) {
  queryClient.setQueryData(notificationsQuery().queryKey, (data) => {
    if (!data) return data;
    let newlyRead = 0;
    const notifications = data.notifications.map((item) => {
      if (item.read || (ids && !ids.includes(item.id))) return item;
      newlyRead += 1;
      return { ...item, read: true };
    });
    return {
      notifications,
      unreadCount: unreadCount ?? (ids ? Math.max(0, data.unreadCount - newlyRead) : 0),
    };
  });
}
