import { useQueryClient } from "@tanstack/react-query";
import { useNotificationEvent } from "../../../lib/realtime";
import { conversationsKey } from "./get-conversations";
import { messagesQuery } from "./get-messages";

/**
 * A leader's reply arrives live as a `leader_answer` notification naming the conversation: its messages and
 * the sidebar are read again, so the reply appears in an open conversation without a reload.
 */
export function useRefreshOnLeaderAnswer() {
  const queryClient = useQueryClient();
  useNotificationEvent((item) => {
    if (item.type !== "leader_answer" || !item.entityId) return;
    void queryClient.invalidateQueries({ queryKey: messagesQuery(item.entityId).queryKey });
    void queryClient.invalidateQueries({ queryKey: conversationsKey });
  });
}
