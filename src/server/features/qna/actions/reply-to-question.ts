import { LEADER_QUESTION_MESSAGES } from "../../../../core/schemas/leader-questions";
import { defineAction } from "../../../shared/action";
import { checkedByRoute } from "../../../shared/leaders-only";
import { notify } from "../../../shared/notify";
import { replyToLeaderQuestion } from "../leader-questions";

type Input = { questionId: string; reply: string };

/**
 * A leader answers a child's question. The reply is moderated (a leader's words reach a child) and audited, and
 * reaches the child's conversation and bell as 'A leader': the notification has no sender, so no username.
 */
export const replyToQuestion = defineAction({
  name: "qna/actions/reply-to-question",
  authorise: checkedByRoute,
  guard: { texts: (input: Input) => [input.reply] },
  write: (deps, actor, { questionId, reply }: Input) =>
    replyToLeaderQuestion(deps.db, actor.id, questionId, reply),
  announce: async (deps, { childId, conversationId }) => {
    await notify(deps, {
      type: "leader_answer",
      recipientIds: [childId],
      sender: null,
      message: LEADER_QUESTION_MESSAGES.notifyChild,
      groupId: null,
      entityId: conversationId,
    });
  },
});
