import type { PushSubscriptionInput } from "../../../../core/schemas/push";
import { defineAction } from "../../../shared/action";
import { saveSubscription } from "../service";

/** 'Turn on notifications': keeps this device for the reader. The route asks a child's parent's switch first. */
export const subscribe = defineAction({
  name: "push/actions/subscribe",
  authorise: async () => {},
  guard: { unguarded: "a device's address for the reader's own notifications; nothing anyone reads" },
  write: ({ db }, actor, input: PushSubscriptionInput & { timeZone: string | null }) =>
    saveSubscription(db, actor.id, input, input.timeZone),
});
