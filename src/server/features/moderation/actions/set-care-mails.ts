import type { CareMailsSetting } from "../../../../core/schemas/moderation";
import { defineAction } from "../../../shared/action";
import { checkedByRoute } from "../../../shared/leaders-only";
import { setCareMails as saveCareMails } from "../care-mails";

/** An admin turns a leader's care-alert mails on or off (the route lets admins alone through). */
export const setCareMails = defineAction({
  name: "moderation/actions/set-care-mails",
  authorise: checkedByRoute,
  guard: { unguarded: "an admin's setting of who is mailed care alerts; nothing anyone wrote is stored" },
  write: ({ db }, actor, input: CareMailsSetting & { userId: string }) =>
    saveCareMails(db, actor.id, input.userId, input.on),
});
