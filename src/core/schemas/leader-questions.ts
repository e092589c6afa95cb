import { z } from "zod";
import "./zod-messages";

// 'Ask a leader' (issue 22): a child sends a question the helper could not answer well to the ministry's
// leaders; a leader's reply arrives in the child's conversation as a message from 'A leader'. The contract
// between the Q&A and leader routes and their screens.

export const LEADER_REPLY_MAX_LENGTH = 2000;
/** A child may have this many questions waiting for a leader at once; more waits for answers first. */
export const LEADER_QUESTIONS_WAITING_MAX = 10;

export const LEADER_QUESTION_MESSAGES = {
  askLeader: "Ask a leader",
  asked: "Sent to a leader",
  /** Added to the conversation, after the answer, only once the child has sent the question. */
  confirmation: "I've asked a leader, and their answer will appear here.",
  /** How a leader's reply is signed in the child's conversation: never the leader's username. */
  leaderName: "A leader",
  alreadyAsked: "You've already asked a leader about this.",
  tooManyWaiting: `You have ${LEADER_QUESTIONS_WAITING_MAX} questions waiting for a leader. Please wait for their answers first.`,
  answerNotFound: "That answer does not exist.",
  questionNotFound: "That question does not exist any more.",
  alreadyAnswered: "A leader has already answered this.",
  replyRequired: "Please write a reply first.",
  replyTooLong: `Replies can be at most ${LEADER_REPLY_MAX_LENGTH} characters.`,
  notifyChild: "A leader answered your question",
  draftSaved: "Added to the question bank as a draft for review.",
  draftExists: "This answer is already a draft for the question bank.",
  notAnswered: "Only an answered question can be added to the question bank.",
} as const;

/** POST /api/qna/conversations/:id/ask-leader: the helper's answer whose question goes to the leaders. */
export const askLeaderSchema = z.object({
  answerId: z
    .number({ error: LEADER_QUESTION_MESSAGES.answerNotFound })
    .int(LEADER_QUESTION_MESSAGES.answerNotFound)
    .positive(LEADER_QUESTION_MESSAGES.answerNotFound)
    .max(Number.MAX_SAFE_INTEGER, LEADER_QUESTION_MESSAGES.answerNotFound),
});

export const leaderReplySchema = z.object({
  reply: z
    .string({ error: LEADER_QUESTION_MESSAGES.replyRequired })
    .trim()
    .min(1, LEADER_QUESTION_MESSAGES.replyRequired)
    .max(LEADER_REPLY_MAX_LENGTH, LEADER_QUESTION_MESSAGES.replyTooLong),
});

export const LEADER_QUESTION_STATUSES = ["waiting", "answered"] as const;
export type LeaderQuestionStatus = (typeof LEADER_QUESTION_STATUSES)[number];

export const leaderQuestionListSchema = z.object({
  status: z.enum(LEADER_QUESTION_STATUSES).default("waiting"),
  cursor: z.string().max(200).optional(),
});

/** A question as leaders see it: waiting ones oldest first, answered ones newest answer first. */
export type LeaderQuestion = {
  id: string;
  question: string;
  /** What the helper had answered, so a leader need not repeat it. */
  helperAnswer: string;
  child: { id: string; username: string | null };
  status: LeaderQuestionStatus;
  createdAt: string;
  reply: string | null;
  answeredAt: string | null;
  answeredBy: { id: string; username: string | null } | null;
  /** Whether the reply has been added to the question bank as a draft. */
  drafted: boolean;
};

/** A leader's answer offered to the question bank (content/questions/), waiting for the ministry's review. */
export type QuestionBankDraft = {
  id: string;
  question: string;
  answer: string;
  createdAt: string;
  createdBy: { id: string; username: string | null } | null;
};

/* Route shapes:
 * POST /api/qna/conversations/{id}/ask-leader { answerId } → 201 { message: ConversationMessage } (the confirmation,
 *      added after the answer) · 404 not the reader's conversation or answer · 409 already asked · 429 too many waiting
 * GET  /api/leader/questions?status=waiting|answered&cursor= → { questions: LeaderQuestion[], nextCursor } (leaders, admins)
 * POST /api/leader/questions/{id}/reply { reply } → { question: LeaderQuestion } · 404 · 409 already answered · 422 moderation
 * POST /api/leader/questions/{id}/draft → 201 { draft: QuestionBankDraft } · 409 not answered or already a draft
 * GET  /api/leader/question-drafts?cursor= → { drafts: QuestionBankDraft[], nextCursor }
 * The child's conversation then holds a message of type "leader" (shown as 'A leader'), and the bell a
 * notification of type "leader_answer" whose entityId is the conversation's id (link: /qna?c={conversationId}).
 */
