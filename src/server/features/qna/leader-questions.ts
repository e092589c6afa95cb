import { and, asc, count, desc, eq, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  LEADER_QUESTION_MESSAGES,
  LEADER_QUESTIONS_WAITING_MAX,
  type LeaderQuestion,
  type LeaderQuestionStatus,
  type QuestionBankDraft,
} from "../../../core/schemas/leader-questions";
import type { ConversationMessage } from "../../../core/schemas/qna";
import type { Database } from "../../db/client";
import { cursorTime, decodeTimeCursor, encodeTimeCursor, UUID } from "../../db/keyset";
import {
  auditLog,
  conversationMessages,
  conversations,
  leaderQuestions,
  profiles,
  questionBankDrafts,
} from "../../db/schema";
import { AppError } from "../../http/errors";
import { conversationNotFound, toMessage } from "./service";

// 'Ask a leader' (issue 22): a child sends the question behind one of the helper's answers to the ministry's
// leaders; a leader's reply is added to the child's conversation as a message from 'A leader'. Any leader or
// admin may see and answer every question: the ministry answers, not one person.

export const LEADER_QUESTIONS_PAGE_SIZE = 25;

const answerNotFound = () => new AppError("answer_not_found", 404, LEADER_QUESTION_MESSAGES.answerNotFound);
const questionNotFound = () =>
  new AppError("question_not_found", 404, LEADER_QUESTION_MESSAGES.questionNotFound);

/** The question behind an answer of the reader's, ready to send; refusals are checked again when it is saved. */
export async function findQuestionOfAnswer(
  db: Database,
  userId: string,
  conversationId: string,
  answerId: number,
): Promise<string> {
  if (!UUID.test(conversationId)) throw conversationNotFound();
  const [owned] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)));
  if (!owned) throw conversationNotFound();
  const [answer] = await db
    .select()
    .from(conversationMessages)
    .where(and(eq(conversationMessages.id, answerId), eq(conversationMessages.conversationId, owned.id)));
  // Only a finished answer of the helper's: not a question, a leader's reply or the confirmation itself.
  if (
    answer?.type !== "ai" ||
    answer.status !== "done" ||
    answer.content === LEADER_QUESTION_MESSAGES.confirmation
  ) {
    throw answerNotFound();
  }
  const [question] = await db
    .select({ content: conversationMessages.content })
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.conversationId, owned.id),
        eq(conversationMessages.type, "user"),
        lt(conversationMessages.id, answer.id),
      ),
    )
    .orderBy(desc(conversationMessages.id))
    .limit(1);
  if (!question) throw answerNotFound();
  return question.content;
}

/**
 * Sends the question behind `answerId` to the leaders and adds the confirmation after it, in one transaction.
 * The child's profile row is locked first, so that parallel sends are counted one after another against the
 * waiting limit, and the unique answer id lets each answer be sent once.
 */
export async function sendQuestionToLeaders(
  db: Database,
  userId: string,
  conversationId: string,
  answerId: number,
  question: string,
): Promise<ConversationMessage> {
  return db.transaction(async (tx) => {
    await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).for("update");
    const [sent] = await tx
      .select({ id: leaderQuestions.id })
      .from(leaderQuestions)
      .where(eq(leaderQuestions.answerMessageId, answerId));
    if (sent) throw new AppError("already_asked", 409, LEADER_QUESTION_MESSAGES.alreadyAsked);
    const [waiting] = await tx
      .select({ n: count() })
      .from(leaderQuestions)
      .where(and(eq(leaderQuestions.userId, userId), eq(leaderQuestions.status, "waiting")));
    if ((waiting?.n ?? 0) >= LEADER_QUESTIONS_WAITING_MAX) {
      throw new AppError("too_many_waiting", 429, LEADER_QUESTION_MESSAGES.tooManyWaiting);
    }
    // The conversation may have been deleted since it was read: its foreign key then fails, read as "not found".
    const [conversation] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.id, conversationId))
      .for("update");
    if (!conversation) throw conversationNotFound();
    await tx.insert(leaderQuestions).values({ userId, conversationId, answerMessageId: answerId, question });
    const [confirmation] = await tx
      .insert(conversationMessages)
      .values({ conversationId, type: "ai", content: LEADER_QUESTION_MESSAGES.confirmation })
      .returning();
    if (!confirmation) throw new Error("confirmation insert returned nothing");
    await tx
      .update(conversations)
      .set({ messageCount: sql`${conversations.messageCount} + 1`, lastMessageAt: sql`now()` })
      .where(eq(conversations.id, conversationId));
    return toMessage(confirmation, false);
  });
}

const answeredByProfile = alias(profiles, "answered_by_profile");
const answerMessage = alias(conversationMessages, "answer_message");

/** The leaders' questions with the child's and the answering leader's names and the helper's answer, in one query. */
function questionsQuery(db: Database) {
  return db
    .select({
      question: leaderQuestions,
      childName: profiles.username,
      answeredByName: answeredByProfile.username,
      helperAnswer: answerMessage.content,
      draftId: questionBankDrafts.id,
      createdTime: cursorTime(leaderQuestions.createdAt),
      answeredTime: cursorTime(leaderQuestions.answeredAt),
    })
    .from(leaderQuestions)
    .leftJoin(profiles, eq(profiles.id, leaderQuestions.userId))
    .leftJoin(answeredByProfile, eq(answeredByProfile.id, leaderQuestions.answeredBy))
    .leftJoin(answerMessage, eq(answerMessage.id, leaderQuestions.answerMessageId))
    .leftJoin(questionBankDrafts, eq(questionBankDrafts.leaderQuestionId, leaderQuestions.id))
    .$dynamic();
}

type QuestionRow = Awaited<ReturnType<ReturnType<typeof questionsQuery>["execute"]>>[number];

function toLeaderQuestion(row: QuestionRow): LeaderQuestion {
  const { question } = row;
  return {
    id: question.id,
    question: question.question,
    helperAnswer: row.helperAnswer ?? "",
    child: { id: question.userId, username: row.childName ?? null },
    status: question.status,
    createdAt: question.createdAt.toISOString(),
    reply: question.reply,
    answeredAt: question.answeredAt?.toISOString() ?? null,
    answeredBy: question.answeredBy
      ? { id: question.answeredBy, username: row.answeredByName ?? null }
      : null,
    drafted: row.draftId !== null,
  };
}

/**
 * Waiting questions oldest first (the one waiting longest is answered first), answered ones newest answer
 * first, a page at a time: keyset on the partial index of each status. An unreadable cursor is the first page.
 */
export async function listLeaderQuestions(
  db: Database,
  { status, cursor }: { status: LeaderQuestionStatus; cursor?: string },
) {
  const after = cursor ? decodeTimeCursor(cursor) : null;
  const waiting = status === "waiting";
  const rows = await questionsQuery(db)
    .where(
      and(
        eq(leaderQuestions.status, status),
        after
          ? waiting
            ? sql`(${leaderQuestions.createdAt}, ${leaderQuestions.id}) > (${after.time}::timestamptz, ${after.id}::uuid)`
            : sql`(${leaderQuestions.answeredAt}, ${leaderQuestions.id}) < (${after.time}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(
      ...(waiting
        ? [asc(leaderQuestions.createdAt), asc(leaderQuestions.id)]
        : [desc(leaderQuestions.answeredAt), desc(leaderQuestions.id)]),
    )
    .limit(LEADER_QUESTIONS_PAGE_SIZE + 1);
  const page = rows.slice(0, LEADER_QUESTIONS_PAGE_SIZE);
  const last = page.at(-1);
  const lastTime = waiting ? last?.createdTime : last?.answeredTime;
  return {
    questions: page.map(toLeaderQuestion),
    nextCursor:
      rows.length > LEADER_QUESTIONS_PAGE_SIZE && last && lastTime
        ? encodeTimeCursor(lastTime, last.question.id)
        : null,
  };
}

async function readLeaderQuestion(db: Database, questionId: string): Promise<LeaderQuestion> {
  const [row] = await questionsQuery(db).where(eq(leaderQuestions.id, questionId));
  if (!row) throw questionNotFound();
  return toLeaderQuestion(row);
}

/**
 * A leader's reply: added to the child's conversation as a "leader" message, the question marked answered and
 * one audit row written, in one transaction under a lock on the question, so that of two leaders replying at
 * once the second is told it is answered (409) and the child gets one reply.
 */
export async function replyToLeaderQuestion(
  db: Database,
  leaderId: string,
  questionId: string,
  reply: string,
): Promise<{ question: LeaderQuestion; childId: string; conversationId: string }> {
  if (!UUID.test(questionId)) throw questionNotFound();
  const answered = await db.transaction(async (tx) => {
    const [question] = await tx
      .select()
      .from(leaderQuestions)
      .where(eq(leaderQuestions.id, questionId))
      .for("update");
    if (!question) throw questionNotFound();
    if (question.status !== "waiting")
      throw new AppError("already_answered", 409, LEADER_QUESTION_MESSAGES.alreadyAnswered);
    await tx
      .insert(conversationMessages)
      .values({ conversationId: question.conversationId, type: "leader", content: reply });
    await tx
      .update(conversations)
      .set({ messageCount: sql`${conversations.messageCount} + 1`, lastMessageAt: sql`now()` })
      .where(eq(conversations.id, question.conversationId));
    await tx
      .update(leaderQuestions)
      .set({ status: "answered", reply, answeredBy: leaderId, answeredAt: sql`now()` })
      .where(eq(leaderQuestions.id, question.id));
    // The reply is kept with the question; the audit row says who answered whose question, not the words.
    await tx.insert(auditLog).values({
      actorId: leaderId,
      action: "question_answered",
      targetType: "leader_question",
      targetId: question.id,
      reason: "Answered a child's question",
      details: { userId: question.userId, conversationId: question.conversationId },
    });
    return question;
  });
  return {
    question: await readLeaderQuestion(db, answered.id),
    childId: answered.userId,
    conversationId: answered.conversationId,
  };
}

function toDraft(
  row: typeof questionBankDrafts.$inferSelect,
  createdByName: string | null | undefined,
): QuestionBankDraft {
  return {
    id: row.id,
    question: row.question,
    answer: row.answer,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy ? { id: row.createdBy, username: createdByName ?? null } : null,
  };
}

/** An answered question and its reply, offered to the question bank for the ministry's review; once per question. */
export async function addQuestionBankDraft(
  db: Database,
  leaderId: string,
  questionId: string,
): Promise<QuestionBankDraft> {
  if (!UUID.test(questionId)) throw questionNotFound();
  const [question] = await db.select().from(leaderQuestions).where(eq(leaderQuestions.id, questionId));
  if (!question) throw questionNotFound();
  if (question.status !== "answered" || question.reply === null)
    throw new AppError("not_answered", 409, LEADER_QUESTION_MESSAGES.notAnswered);
  const [draft] = await db
    .insert(questionBankDrafts)
    .values({
      leaderQuestionId: question.id,
      question: question.question,
      answer: question.reply,
      createdBy: leaderId,
    })
    .onConflictDoNothing()
    .returning();
  if (!draft) throw new AppError("draft_exists", 409, LEADER_QUESTION_MESSAGES.draftExists);
  const [leader] = await db
    .select({ username: profiles.username })
    .from(profiles)
    .where(eq(profiles.id, leaderId));
  return toDraft(draft, leader?.username);
}

/** The drafts waiting for review, newest first, a page at a time. */
export async function listQuestionBankDrafts(db: Database, cursor?: string) {
  const after = cursor ? decodeTimeCursor(cursor) : null;
  const rows = await db
    .select({
      draft: questionBankDrafts,
      username: profiles.username,
      time: cursorTime(questionBankDrafts.createdAt),
    })
    .from(questionBankDrafts)
    .leftJoin(profiles, eq(profiles.id, questionBankDrafts.createdBy))
    .where(
      after
        ? sql`(${questionBankDrafts.createdAt}, ${questionBankDrafts.id}) < (${after.time}::timestamptz, ${after.id}::uuid)`
        : undefined,
    )
    .orderBy(desc(questionBankDrafts.createdAt), desc(questionBankDrafts.id))
    .limit(LEADER_QUESTIONS_PAGE_SIZE + 1);
  const page = rows.slice(0, LEADER_QUESTIONS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    drafts: page.map((row) => toDraft(row.draft, row.username)),
    nextCursor:
      rows.length > LEADER_QUESTIONS_PAGE_SIZE && last ? encodeTimeCursor(last.time, last.draft.id) : null,
  };
}
