import { defineAction } from "../../../shared/action";
import { markRead as saveRead } from "../service";

/** Marks some of the reader's notifications read, as the bell shows them. */
export const markRead = defineAction({
  name: "notifications/actions/mark-read",
  // The write touches only the reader's own notifications; anyone else's ids match nothing.
  authorise: async () => {},
  guard: {
    unguarded: "marking one's own notifications read stores no words, and a muted reader may still do it",
  },
  write: (deps, actor, input: { ids: string[] }) => saveRead(deps.db, actor.id, input.ids),
});
