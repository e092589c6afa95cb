import { useEffect, useEffectEvent } from "react";
import type { RealtimeEnvelope, RealtimeEventType } from "../../core/realtime";
import type { NotificationItem } from "../../core/schemas/notifications";

// The tab's live events (DESIGN.md, Realtime): the app shell feeds the hub from its one event stream
// (src/web/app/realtime.tsx), and features listen to the event types they care about with useRealtimeEvent.

export type RealtimeHandler = (data: unknown, event: RealtimeEnvelope) => void;

/** Hands each event to the handlers of its type; a failing handler does not keep the event from the rest. */
export function createRealtimeHub() {
  const handlers = new Map<string, Set<RealtimeHandler>>();
  return {
    on(type: string, handler: RealtimeHandler): () => void {
      const own: RealtimeHandler = (data, event) => handler(data, event);
      let set = handlers.get(type);
      if (!set) {
        set = new Set();
        handlers.set(type, set);
      }
      set.add(own);
      return () => {
        set.delete(own);
        if (set.size === 0 && handlers.get(type) === set) handlers.delete(type);
      };
    },
    dispatch(event: RealtimeEnvelope) {
      for (const handler of handlers.get(event.type) ?? []) {
        try {
          handler(event.data, event);
        } catch (error) {
          console.warn("A realtime handler failed", event.type, error);
        }
      }
    },
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;

/** The tab's one hub: the stream feeds it, and any component may listen, wherever it is mounted. */
export const realtimeHub = createRealtimeHub();

/**
 * Calls `handler` with the data of every event of this type the tab receives while the component is
 * mounted. The data is whatever the publishing feature sent: parse it before trusting its shape.
 */
export function useRealtimeEvent(type: RealtimeEventType, handler: RealtimeHandler) {
  const onEvent = useEffectEvent(handler);
  useEffect(() => realtimeHub.on(type, (data, event) => onEvent(data, event)), [type]);
}

type NotificationParser = (data: unknown) => NotificationItem | null;
let notificationParser: NotificationParser | undefined;
let loadingParser: Promise<NotificationParser> | undefined;

/**
 * The catalogue's notification schema (src/core/events.ts) is built with zod, which no page needs to show
 * itself: it loads with the first notification that arrives. One load for all, so that notifications that
 * come while it loads are handed over in the order they came; a failed load is tried again by the next one.
 */
export function loadNotificationParser(): Promise<NotificationParser> {
  loadingParser ??= import("../../core/events").then(
    ({ parseNotification }) => {
      notificationParser = parseNotification;
      return parseNotification;
    },
    (error: unknown) => {
      loadingParser = undefined;
      throw error;
    },
  );
  return loadingParser;
}

/**
 * Calls `handler` with every notification the tab receives live (a `notification` event whose data is one),
 * while the component is mounted. Once the parser has loaded, each one is handed over as it arrives; until
 * then they wait for it, in order.
 */
export function useNotificationEvent(handler: (item: NotificationItem) => void) {
  const onNotification = useEffectEvent(handler);
  useRealtimeEvent("notification", (data) => {
    const deliver = (parse: NotificationParser) => {
      const item = parse(data);
      if (item) onNotification(item);
    };
    if (notificationParser) deliver(notificationParser);
    else
      loadNotificationParser().then(deliver, (error: unknown) =>
        console.warn("A live notification could not be read", error),
      );
  });
}
