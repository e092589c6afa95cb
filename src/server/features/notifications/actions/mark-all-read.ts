import { defineAction } from "../../../shared/action";
import { markAllRead as saveAllRead } from "../service";

/** 'Mark all read' in the bell. */
export const markAllRead = defineAction({
  name: "notifications/actions/mark-all-read",
  // Only ever the reader's own notifications.
  authorise: async () => {},
  guard: {
    unguarded: "marking one's own notifications read stores no words, and a muted reader may still do it",
  },
  write: (deps, actor, _input: undefined) => saveAllRead(deps.db, actor.id),
});
