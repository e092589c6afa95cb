import { defineAction } from "../../../shared/action";
import { guardWrite } from "../../../shared/write-guard";
import { findQuestionOfAnswer, sendQuestionToLeaders } from "../leader-questions";

type Input = { conversationId: string; answerId: number };

/**
 * 'Ask a leader': the question behind one of the helper's answers goes to the ministry's leaders, and the
 * conversation is told so. Moderated like everything a child writes, again as it is sent (a mute or a
 * stricter moderator may have come since it was asked).
 */
export const askLeader = defineAction({
  name: "qna/actions/ask-leader",
  // Looked up by the owner, so another reader's conversation or answer is "not found".
  authorise: ({ db }, actor, { conversationId, answerId }: Input) =>
    findQuestionOfAnswer(db, actor.id, conversationId, answerId),
  guard: {
    unguarded:
      "the text sent is the saved question that authorise finds, not the input: write guards it with guardWrite",
  },
  async write(deps, actor, { conversationId, answerId }, question) {
    await guardWrite(deps, actor.id, [question]);
    return sendQuestionToLeaders(deps.db, actor.id, conversationId, answerId, question);
  },
});
