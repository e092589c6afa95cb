import type { z } from "zod";
import type { updateConversationSchema } from "../../../../core/schemas/qna";
import { defineAction } from "../../../shared/action";
import { requireConversation, requireFolder, updateConversation as saveConversation } from "../service";

type Input = { conversationId: string; changes: z.infer<typeof updateConversationSchema> };

/** Renames a conversation, or moves it into one of the reader's folders (or out of any). */
export const updateConversation = defineAction({
  name: "qna/actions/update-conversation",
  // Looked up by the owner, so another reader's conversation or folder is "not found".
  authorise: async ({ db }, actor, { conversationId, changes }: Input) => {
    const conversation = await requireConversation(db, actor.id, conversationId);
    if (changes.folderId) await requireFolder(db, actor.id, changes.folderId);
    return conversation;
  },
  guard: { texts: (input: Input) => [input.changes.title] },
  write: (deps, _actor, input, conversation) => saveConversation(deps.db, conversation.id, input.changes),
});
