import { userTopic } from "../../core/realtime";
import type { NotificationItem, NotificationType } from "../../core/schemas/notifications";
import { notifications } from "../db/schema";
import type { AppServices } from "../http/app-env";

// Storing and delivering a notification: every feature tells someone something (a mention, a reaction, a
// leader's decision, an achievement), so the writer sits below them all. Reading the bell is the
// notifications feature's (src/server/features/notifications).

export type NotificationSender = { id: string; username: string | null; avatarUrl: string | null };

/** What storing and delivering notifications needs. */
export type NotifyDeps = Pick<AppServices, "db" | "bus">;
/** Fan-out also logs: it never fails the request that caused it. */
export type FanOutDeps = Pick<AppServices, "db" | "bus" | "logger">;

/** A stored notification as its recipient's bell shows it. */
export function toNotificationItem(
  row: typeof notifications.$inferSelect,
  sender: NotificationSender | null,
): NotificationItem {
  return {
    id: row.id,
    type: row.type as NotificationType,
    message: row.message,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
    groupId: row.groupId,
    entityId: row.entityId,
    sender,
  };
}

export type NotificationInput = {
  type: NotificationType;
  recipientIds: string[];
  sender: NotificationSender | null;
  message: string;
  groupId: string | null;
  entityId: string | null;
};

/** Stores one notification per recipient in one statement, then sends each to its recipient's open tabs. */
export async function notify(deps: NotifyDeps, input: NotificationInput): Promise<NotificationItem[]> {
  if (input.recipientIds.length === 0) return [];
  const rows = await deps.db
    .insert(notifications)
    .values(
      input.recipientIds.map((recipientId) => ({
        recipientId,
        senderId: input.sender?.id ?? null,
        type: input.type,
        message: input.message,
        groupId: input.groupId,
        entityId: input.entityId,
      })),
    )
    .returning();
  const items = rows.map((row) => ({
    recipientId: row.recipientId,
    item: toNotificationItem(row, input.sender),
  }));
  await Promise.all(
    items.map(({ recipientId, item }) =>
      deps.bus.publish({ topic: userTopic(recipientId), type: "notification", data: item }),
    ),
  );
  return items.map(({ item }) => item);
}
