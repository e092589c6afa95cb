import { defineAction } from "../../../shared/action";
import { deleteConversation as removeConversation } from "../service";

/** Deletes one of the reader's conversations with all its messages. */
export const deleteConversation = defineAction({
  name: "qna/actions/delete-conversation",
  // The write looks the conversation up by the owner, so another reader's is "not found".
  authorise: async () => {},
  guard: { unguarded: "deleting one's own conversation stores no words, and a muted reader may still do it" },
  write: (deps, actor, input: { conversationId: string }) =>
    removeConversation(deps.db, actor.id, input.conversationId),
});
