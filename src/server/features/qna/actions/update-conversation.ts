import type { z } from "zod";
import type { updateConversationSchema } from "../../../../core/schemas/qna";
import { defineAction } from "../../../shared/action";
import { updateConversation as saveConversation } from "../service";

type Input = { conversationId: string; changes: z.infer<typeof updateConversationSchema> };

/** Renames a conversation, or moves it into one of the reader's folders (or out of any). */
export const updateConversation = defineAction({
  name: "qna/actions/update-conversation",
  // The write looks the conversation and the folder up by the owner, so another reader's is "not found"
  // (after the guard, as it always was).
  authorise: async () => {},
  guard: { texts: (input: Input) => [input.changes.title] },
  write: (deps, actor, input) => saveConversation(deps.db, actor.id, input.conversationId, input.changes),
});
