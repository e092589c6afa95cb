import type { AppDeps } from "../../../http/app-env";
import { defineAction } from "../../../shared/action";
import { raiseAiFlag } from "../../../shared/ai-guardrails";
import { type QuotaReservation, reserveAiWork } from "../../../shared/ai-quota";
import { guardWrite } from "../../../shared/write-guard";
import { type StartedQuestion, startQuestion } from "../service";
import { needsTrustedAdult } from "../trusted-adult";

type Input = { question: string; conversationId?: string };

export type AskedQuestion = StartedQuestion & {
  /** A question for a trusted adult: answered with reviewed words, not the AI's. */
  risky: boolean;
  /** Today's question, given back if the answer fails; null for a trusted-adult answer, which is no AI work. */
  quota: QuotaReservation | null;
};

/** A leader sees a child who may be in danger, with the conversation when there is one. */
const flagRiskyQuestion = (deps: AppDeps, userId: string, question: string, conversationId: string | null) =>
  raiseAiFlag(deps, { kind: "risky_question", userId, conversationId, input: question, output: null });

/**
 * A question to the AI helper, saved with an empty answer for the route to stream into. Everything that can
 * refuse it (the guard, the day's quota, someone else's conversation, an answer still being written) happens
 * here, before any stream starts, so a refusal is an ordinary JSON error.
 */
export const askQuestion = defineAction({
  name: "qna/actions/ask-question",
  // startQuestion looks the conversation up by the owner, so another reader's is "not found".
  authorise: async () => {},
  guard: {
    unguarded:
      "a child who needs a trusted adult gets the caring answer whatever a moderator or a mute would say; write guards every other question",
  },
  async write(deps, actor, { question, conversationId }: Input): Promise<AskedQuestion> {
    const risky = needsTrustedAdult(question);
    if (!risky) await guardWrite(deps, actor.id, [question]);
    // Checked before anything is saved. A child who needs a trusted adult is never turned away by it.
    const quota = risky ? null : await reserveAiWork(deps, actor.id, "question");
    try {
      return { ...(await startQuestion(deps.db, actor.id, question, conversationId)), risky, quota };
    } catch (error) {
      await quota?.release();
      // A child who may be in danger is flagged even when the question itself is turned away.
      if (risky) await flagRiskyQuestion(deps, actor.id, question, null);
      throw error;
    }
  },
  // Before the stream, so that a child who leaves at once is still seen by a leader.
  announce: async (deps, asked, { actor, input }) => {
    if (asked.risky) await flagRiskyQuestion(deps, actor.id, input.question, asked.conversation.id);
  },
});
