import { defineAction } from "../../../shared/action";
import { checkedByRoute, LEADERS_DECISION } from "../../../shared/leaders-only";
import { addQuestionBankDraft } from "../leader-questions";

/** A leader offers an answered question and its reply to the question bank, as a draft for the ministry's review. */
export const addQuestionDraft = defineAction({
  name: "qna/actions/add-question-draft",
  authorise: checkedByRoute,
  guard: { unguarded: `${LEADERS_DECISION}; the reply it copies was moderated when it was sent` },
  write: (deps, actor, { questionId }: { questionId: string }) =>
    addQuestionBankDraft(deps.db, actor.id, questionId),
});
