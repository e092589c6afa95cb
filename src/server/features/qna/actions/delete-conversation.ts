import { defineAction } from "../../../shared/action";
import { deleteConversation as removeConversation, requireConversation } from "../service";

/** Deletes one of the reader's conversations with all its messages. */
export const deleteConversation = defineAction({
  name: "qna/actions/delete-conversation",
  // Looked up by the owner, so another reader's conversation is "not found".
  authorise: ({ db }, actor, input: { conversationId: string }) =>
    requireConversation(db, actor.id, input.conversationId),
  guard: { unguarded: "deleting one's own conversation stores no words, and a muted reader may still do it" },
  write: (deps, _actor, _input, conversation) => removeConversation(deps.db, conversation.id),
});
