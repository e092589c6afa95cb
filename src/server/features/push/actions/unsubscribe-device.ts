import { defineAction } from "../../../shared/action";
import { removeSubscription } from "../service";

/** 'Turn off notifications': forgets this device for the reader (their own devices only). */
export const unsubscribeDevice = defineAction({
  name: "push/actions/unsubscribe-device",
  authorise: async () => {},
  guard: { unguarded: "removes the reader's own device address, and nothing else" },
  write: ({ db }, actor, input: { endpoint: string }) => removeSubscription(db, actor.id, input.endpoint),
});
