import { and, eq, sql } from "drizzle-orm";
import {
  CHECK_MESSAGES,
  type CheckAnswerResult,
  type CheckItem,
  type LayerCheck,
} from "../../../core/schemas/checks";
import type { LayerNumber } from "../../../core/stories/layers";
import { XP_FOR_CHECK } from "../../../core/xp";
import type { Database } from "../../db/client";
import { checkAnswers, storyContent } from "../../db/schema";
import type { AppDeps } from "../../http/app-env";
import { AppError } from "../../http/errors";
import { awardXpIfAny } from "../../shared/award-xp";
import { wordsOfReference } from "../bible";
import { questionsOfLayer, settleLayerChecks } from "./generated-checks";
import { type CheckQuestion, type LibraryStory, libraryStoryFor } from "./library";
import { requireUnlockedStory, type StoryRow } from "./service";

// 'Check your understanding' (issue 23): the library's three questions after each layer, scored here. The right
// answers never leave the server; XP is given for a right first answer, once per question, in the transaction
// that records that first answer, so repeated or parallel answers cannot add it twice. With a real text AI the
// questions of a generated layer are the AI's (generated-checks.ts), settled on the layer's row when its check is
// first opened; answers are scored against whatever that row holds.

const questionNotFound = () => new AppError("question_not_found", 404, CHECK_MESSAGES.questionNotFound);

/**
 * The story (unlocked for the reader), and the layer's questions, once the reader has the layer's text: those
 * settled on the layer's row, else the library's. `settle` is how the check, when first opened, has them written
 * (an AI's); scoring never writes them, so an answer sent before the check was ever shown (no screen does that)
 * is scored against the library's.
 */
async function readLayer(
  db: Database,
  userId: string,
  slug: string,
  layer: LayerNumber,
  settle?: (unsettled: { story: StoryRow; text: string; library: LibraryStory }) => Promise<unknown>,
) {
  const story = await requireUnlockedStory(db, userId, slug);
  const [read] = await db
    .select({ content: storyContent.content, checks: storyContent.checks })
    .from(storyContent)
    .where(
      and(
        eq(storyContent.userId, userId),
        eq(storyContent.storyId, story.id),
        eq(storyContent.layer, layer),
        eq(storyContent.step, 1),
      ),
    )
    .limit(1);
  if (!read) throw new AppError("layer_not_read", 409, CHECK_MESSAGES.notReached);
  const library = await libraryStoryFor(slug);
  const libraryQuestions = library?.layers[layer - 1]?.check ?? [];
  const checks =
    read.checks === null && settle && library
      ? await settle({ story, text: read.content, library })
      : read.checks;
  return { story, questions: questionsOfLayer(checks, libraryQuestions) };
}

/**
 * The layer's questions as the reader sees them, with how they have answered each so far. With a real text AI a
 * layer's first look settles its questions (the AI's, or the library's when it fails); the offline library's
 * questions are never stored.
 */
export async function getLayerCheck(
  deps: AppDeps,
  userId: string,
  slug: string,
  layer: LayerNumber,
): Promise<LayerCheck> {
  const { db } = deps;
  const { story, questions } = await readLayer(
    db,
    userId,
    slug,
    layer,
    deps.ai.text.provider === "openai"
      ? (unsettled) => settleLayerChecks(deps, { userId, layer, ...unsettled })
      : undefined,
  );
  const rows = await db
    .select()
    .from(checkAnswers)
    .where(
      and(eq(checkAnswers.userId, userId), eq(checkAnswers.storyId, story.id), eq(checkAnswers.layer, layer)),
    );
  const answers = new Map(rows.map((row) => [row.question, row]));
  return {
    items: questions.map((question, index): CheckItem => {
      const answer = answers.get(index);
      return question.kind === "open"
        ? { kind: "open", index, prompt: question.prompt, written: answer?.written ?? null }
        : {
            kind: "choice",
            index,
            question: question.question,
            options: question.options,
            // Once found, the right answer and its verse are the reader's to see again (after a reload too).
            answered: answer
              ? answer.correct
                ? {
                    correct: true,
                    firstTry: answer.firstTryCorrect,
                    rightOption: question.answer,
                    verse: { reference: question.verse, text: wordsOfReference(question.verse) },
                  }
                : { correct: false, firstTry: false }
              : null,
          };
    }),
  };
}

export type CheckAnswerInput = { option: number } | { text: string };

/** The question at `index` of a layer the reader has read, with the story's id. */
export async function findCheckQuestion(
  db: Database,
  userId: string,
  slug: string,
  layer: LayerNumber,
  index: number,
): Promise<{ storyId: number; question: CheckQuestion }> {
  const { story, questions } = await readLayer(db, userId, slug, layer);
  const question = questions[index];
  if (!question) throw questionNotFound();
  return { storyId: story.id, question };
}

/**
 * Scores an answer. The first answer to a question makes its row, and only that insert can give XP: of two
 * answers sent at once, the second finds the row and counts as a retry. An option the question does not have is
 * refused (422) before anything is stored.
 */
export async function answerChoice(
  db: Database,
  userId: string,
  {
    storyId,
    layer,
    index,
    question,
    option,
  }: {
    storyId: number;
    layer: LayerNumber;
    index: number;
    question: Extract<CheckQuestion, { kind: "choice" }>;
    option: number;
  },
): Promise<CheckAnswerResult> {
  if (option < 0 || option >= question.options.length)
    throw new AppError("unknown_option", 422, CHECK_MESSAGES.chooseAnswer);
  const correct = option === question.answer;
  const verse = { reference: question.verse, text: wordsOfReference(question.verse) };
  return db.transaction(async (tx) => {
    const [first] = await tx
      .insert(checkAnswers)
      .values({ userId, storyId, layer, question: index, firstTryCorrect: correct, correct })
      .onConflictDoNothing()
      .returning({ question: checkAnswers.question });
    if (first) {
      const xpAwarded = correct ? XP_FOR_CHECK : 0;
      return { correct, verse, firstTry: true, xpAwarded, ...(await awardXpIfAny(tx, userId, xpAwarded)) };
    }
    await tx
      .update(checkAnswers)
      .set({
        attempts: sql`${checkAnswers.attempts} + 1`,
        correct: sql`${checkAnswers.correct} or ${correct}`,
      })
      .where(
        and(
          eq(checkAnswers.userId, userId),
          eq(checkAnswers.storyId, storyId),
          eq(checkAnswers.layer, layer),
          eq(checkAnswers.question, index),
        ),
      );
    return { correct, verse, firstTry: false, xpAwarded: 0, ...(await awardXpIfAny(tx, userId, 0)) };
  });
}

/** The open prompt's words, kept for the reader alone and never scored; writing again replaces them. */
export async function saveOpenAnswer(
  db: Database,
  userId: string,
  { storyId, layer, index, text }: { storyId: number; layer: LayerNumber; index: number; text: string },
): Promise<{ written: string }> {
  await db
    .insert(checkAnswers)
    .values({ userId, storyId, layer, question: index, written: text })
    .onConflictDoUpdate({
      target: [checkAnswers.userId, checkAnswers.storyId, checkAnswers.layer, checkAnswers.question],
      set: { written: text, attempts: sql`${checkAnswers.attempts} + 1` },
    });
  return { written: text };
}
