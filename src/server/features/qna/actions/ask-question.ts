import { GUARDRAIL_MESSAGES } from "../../../../core/schemas/moderation";
import { type AskEvent, QNA_MESSAGES } from "../../../../core/schemas/qna";
import type { AppDeps } from "../../../http/app-env";
import { checkQuestionMaster } from "../../../shared/achievements";
import { type Actor, defineAction } from "../../../shared/action";
import { raiseAiFlag } from "../../../shared/ai-guardrails";
import { type QuotaReservation, reserveAiWork } from "../../../shared/ai-quota";
import { guardWrite } from "../../../shared/write-guard";
import { countQuestions, finishAnswer, type StartedQuestion, startQuestion } from "../service";
import { needsTrustedAdult } from "../trusted-adult";

type Input = { question: string; conversationId?: string };

/** How the answer's stream ended: the text that passed moderation, or everything the AI wrote when it did not. */
type StreamedAnswer = { content: string; withheld: string | null };

/** The last event of an answer's stream. */
type AnswerEnd = Extract<AskEvent, { type: "done" | "withheld" | "error" }>;

type AskedQuestion = StartedQuestion & {
  /** A question for a trusted adult: answered with reviewed words, not the AI's. */
  risky: boolean;
  /**
   * Stores what the route's stream answered, then tells the reader with `tell` (skipped by the route once they
   * have left), then what follows from it: a withheld answer raised for leaders, Question Master.
   */
  finish: (answer: StreamedAnswer, tell: (event: AnswerEnd) => Promise<void>) => Promise<void>;
};

/** A leader sees a child who may be in danger, with the conversation when there is one. */
const flagRiskyQuestion = (deps: AppDeps, userId: string, question: string, conversationId: string | null) =>
  raiseAiFlag(deps, { kind: "risky_question", userId, conversationId, input: question, output: null });

/**
 * A question to the AI helper, saved with an empty answer for the route to stream into. Everything that can
 * refuse it (the guard, the day's quota, someone else's conversation, an answer still being written) happens
 * here, before any stream starts, so a refusal is an ordinary JSON error. The stream itself is the route's,
 * as only the route holds the response; what its end writes is this action's `finish`.
 */
export const askQuestion = defineAction({
  name: "qna/actions/ask-question",
  // startQuestion looks the conversation up by the owner under a lock, in the write's transaction, so
  // another reader's is "not found" and two questions sent at once cannot both start.
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
    let started: StartedQuestion;
    try {
      started = await startQuestion(deps.db, actor.id, question, conversationId);
    } catch (error) {
      await quota?.release();
      // A child who may be in danger is flagged even when the question itself is turned away.
      if (risky) await flagRiskyQuestion(deps, actor.id, question, null);
      throw error;
    }
    return {
      ...started,
      risky,
      finish: (answer, tell) => finishAnswering(deps, actor, question, started, quota, answer, tell),
    };
  },
  // Before the stream, so that a child who leaves at once is still seen by a leader.
  announce: async (deps, asked, { actor, input }) => {
    if (asked.risky) await flagRiskyQuestion(deps, actor.id, input.question, asked.conversation.id);
  },
});

async function finishAnswering(
  deps: AppDeps,
  actor: Actor,
  question: string,
  started: StartedQuestion,
  quota: QuotaReservation | null,
  { content, withheld }: StreamedAnswer,
  tell: (event: AnswerEnd) => Promise<void>,
) {
  // Nothing at all is the failure text; a withheld answer is the kind message, never the AI's words.
  const failed = withheld === null && !content.trim();
  // A failed answer does not count against the child's questions for the day.
  if (failed) await quota?.release();
  const saved = withheld !== null ? GUARDRAIL_MESSAGES.answer : failed ? QNA_MESSAGES.chatFailed : content;
  await finishAnswer(
    deps.db,
    started.conversation.id,
    started.aiMessageId,
    saved,
    failed ? "failed" : "done",
  );
  await tell(
    withheld !== null
      ? { type: "withheld", message: saved }
      : failed
        ? { type: "error", message: saved }
        : { type: "done", content: saved },
  );
  if (withheld !== null) {
    await raiseAiFlag(deps, {
      kind: "withheld_answer",
      userId: actor.id,
      conversationId: started.conversation.id,
      input: question,
      output: withheld,
    });
  }
  await checkQuestionMaster(deps, actor.id, await countQuestions(deps.db, actor.id));
}
