import { groupTopic } from "../../../../core/realtime";
import { defineAction } from "../../../shared/action";
import { sendMessage as insertMessage } from "../chat";
import { requireMember } from "../membership";

/** A chat message in the group: stored, then live in every member's open tab. */
export const sendMessage = defineAction({
  name: "groups/send-message",
  authorise: async ({ db }, actor, input: { groupId: string; body: string }) =>
    (await requireMember(db, input.groupId, actor.id)).group,
  guard: { rate: "chat", texts: (input) => [input.body] },
  write: ({ db }, actor, input, group) => insertMessage(db, group.id, actor.id, input.body),
  announce: async ({ bus }, message) => {
    await bus.publish({ topic: groupTopic(message.groupId), type: "group_message", data: message });
  },
});
