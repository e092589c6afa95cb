import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LEADER_QUESTION_MESSAGES,
  LEADER_QUESTIONS_WAITING_MAX,
} from "../../../core/schemas/leader-questions";
import {
  auditLog,
  conversationMessages,
  conversations,
  leaderQuestions,
  notifications,
  profiles,
} from "../../db/schema";
import {
  call,
  createTestApp,
  parallel,
  signUpUser,
  signUpUserWithRole,
  type TestApp,
  type TestUser,
} from "../../test/harness";
import { parseSseEvents } from "../../test/sse";
import { QNA_FALLBACK_ANSWER } from "./library-answers";

// 'Ask a leader' (issue 22, item 3): a child's question goes to the ministry's leaders; a leader's reply comes
// back into the child's conversation as 'A leader', with a bell notification, and can become a bank draft.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Asks the helper through the real route and returns the conversation and its answer's id. */
async function askHelper(child: TestUser, question: string) {
  const response = await call(t, "/api/qna/ask", { cookie: child.cookie, json: { question } });
  expect(response.status).toBe(200);
  const events = parseSseEvents(response.text);
  const started = events.find((event) => event.type === "started") as unknown as {
    conversation: { id: string };
    aiMessageId: number;
  };
  const done = events.find((event) => event.type === "done") as unknown as { content: string };
  return { conversationId: started.conversation.id, answerId: started.aiMessageId, answer: done.content };
}

/** A conversation with one question and a finished answer, written straight to the database (for bulk). */
async function conversationWithAnswer(child: TestUser, question: string) {
  const [conversation] = await t.db
    .insert(conversations)
    .values({ userId: child.id, title: question, messageCount: 2 })
    .returning();
  if (!conversation) throw new Error("no conversation");
  const [, answer] = await t.db
    .insert(conversationMessages)
    .values([
      { conversationId: conversation.id, type: "user", content: question },
      { conversationId: conversation.id, type: "ai", content: QNA_FALLBACK_ANSWER },
    ])
    .returning();
  if (!answer) throw new Error("no answer");
  return { conversationId: conversation.id, answerId: answer.id };
}

const askLeader = (child: TestUser, conversationId: string, answerId: unknown) =>
  call(t, `/api/qna/conversations/${conversationId}/ask-leader`, {
    cookie: child.cookie,
    json: { answerId },
  });

const listQuestions = (user: TestUser, status = "waiting") =>
  call(t, `/api/leader/questions?status=${status}`, { cookie: user.cookie });

const reply = (leader: TestUser, questionId: string, text: string) =>
  call(t, `/api/leader/questions/${questionId}/reply`, { cookie: leader.cookie, json: { reply: text } });

const messagesOf = async (child: TestUser, conversationId: string) =>
  (await call(t, `/api/qna/conversations/${conversationId}/messages`, { cookie: child.cookie })).data
    .messages as { id: number; type: string; content: string; askedLeader: boolean }[];

describe("a child's question, from the helper to a leader and back", () => {
  it("sends the question, tells the child, and brings the leader's reply as 'A leader' with a bell", async () => {
    const child = await signUpUser(t);
    const leader = await signUpUserWithRole(t, "leader");
    const question = "Why do people speak so many different languages?";
    const { conversationId, answerId, answer } = await askHelper(child, question);

    const sent = await askLeader(child, conversationId, answerId);
    expect(sent.status).toBe(201);
    expect(sent.data.message).toMatchObject({
      type: "ai",
      content: LEADER_QUESTION_MESSAGES.confirmation,
      askedLeader: false,
    });
    // The confirmation follows the answer, and the answer now says it was sent.
    const afterSending = await messagesOf(child, conversationId);
    expect(afterSending.map((message) => [message.type, message.askedLeader])).toEqual([
      ["user", false],
      ["ai", true],
      ["ai", false],
    ]);
    expect(afterSending[2]?.content).toBe(LEADER_QUESTION_MESSAGES.confirmation);

    const waiting = await listQuestions(leader);
    expect(waiting.status).toBe(200);
    const listed = waiting.data.questions.find((item: { question: string }) => item.question === question);
    expect(listed).toMatchObject({
      status: "waiting",
      child: { id: child.id, username: child.username },
      helperAnswer: answer,
      reply: null,
      drafted: false,
    });

    const text = "Great question! Genesis 11 tells of the Tower of Babel. Let's read it together on Sunday.";
    const replied = await reply(leader, listed.id, text);
    expect(replied.status).toBe(200);
    expect(replied.data.question).toMatchObject({
      status: "answered",
      reply: text,
      answeredBy: { id: leader.id, username: leader.username },
    });

    // In the child's conversation as 'A leader': no username of the leader's anywhere the child can read.
    const messages = await messagesOf(child, conversationId);
    expect(messages.at(-1)).toMatchObject({ type: "leader", content: text });
    const bell = await call(t, "/api/notifications", { cookie: child.cookie });
    const notice = bell.data.notifications.find((item: { type: string }) => item.type === "leader_answer");
    expect(notice).toMatchObject({
      message: LEADER_QUESTION_MESSAGES.notifyChild,
      entityId: conversationId,
      sender: null,
    });
    expect(JSON.stringify(messages) + JSON.stringify(bell.data)).not.toContain(leader.username);
    const [conversation] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    expect(conversation?.messageCount).toBe(4);

    // Audited: who answered whose question, not the words.
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, listed.id));
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: leader.id,
        action: "question_answered",
        targetType: "leader_question",
      }),
    ]);
    expect(JSON.stringify(audit)).not.toContain(text);

    // It moves from the waiting list to the answered one.
    expect((await listQuestions(leader)).data.questions.map((item: { id: string }) => item.id)).not.toContain(
      listed.id,
    );
    expect(
      (await listQuestions(leader, "answered")).data.questions.map((item: { id: string }) => item.id),
    ).toContain(listed.id);
  });

  it("sends each answer's question once, only the child's own, and only a finished answer of the helper's", async () => {
    const child = await signUpUser(t);
    const other = await signUpUser(t);
    const { conversationId, answerId } = await conversationWithAnswer(child, "Who wrote the psalms?");

    expect((await askLeader(other, conversationId, answerId)).status).toBe(404);
    expect((await askLeader(child, conversationId, answerId - 1)).status).toBe(404); // the question itself
    expect((await askLeader(child, conversationId, 999_999_999)).status).toBe(404);
    expect((await askLeader(child, "not-a-uuid", answerId)).status).toBe(404);
    const bad = await askLeader(child, conversationId, "twelve");
    expect(bad.status).toBe(400);
    expect(bad.data.error.message).toBe(LEADER_QUESTION_MESSAGES.answerNotFound);

    const sends = await parallel(50, () => askLeader(child, conversationId, answerId));
    expect(sends.filter((response) => response.status === 201)).toHaveLength(1);
    expect(sends.filter((response) => response.status === 409)).toHaveLength(49);
    const refused = sends.find((response) => response.status === 409);
    expect(refused?.data.error.message).toBe(LEADER_QUESTION_MESSAGES.alreadyAsked);
    const confirmation = (await messagesOf(child, conversationId)).at(-1);
    expect(confirmation?.content).toBe(LEADER_QUESTION_MESSAGES.confirmation);
    // The confirmation is not an answer that can be sent again.
    expect((await askLeader(child, conversationId, confirmation?.id)).status).toBe(404);
    const stored = await t.db.select().from(leaderQuestions).where(eq(leaderQuestions.userId, child.id));
    expect(stored).toHaveLength(1);
  });

  it("lets exactly the waiting limit through when a child sends many at once", async () => {
    const child = await signUpUser(t);
    const answers = await parallel(50, (index) =>
      conversationWithAnswer(child, `Question number ${index} about the Bible`),
    );
    const responses = await Promise.all(
      answers.map(({ conversationId, answerId }) => askLeader(child, conversationId, answerId)),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(
      LEADER_QUESTIONS_WAITING_MAX,
    );
    const refused = responses.filter((response) => response.status === 429);
    expect(refused).toHaveLength(50 - LEADER_QUESTIONS_WAITING_MAX);
    expect(refused[0]?.data.error.message).toBe(LEADER_QUESTION_MESSAGES.tooManyWaiting);
    const stored = await t.db.select().from(leaderQuestions).where(eq(leaderQuestions.userId, child.id));
    expect(stored).toHaveLength(LEADER_QUESTIONS_WAITING_MAX);
  });

  it("refuses a muted child and a question moderation refuses, and stores nothing", async () => {
    const child = await signUpUser(t);
    const phone = await conversationWithAnswer(child, "can you call me on 555 123 4567");
    const refused = await askLeader(child, phone.conversationId, phone.answerId);
    expect(refused.status).toBe(422);

    const plain = await conversationWithAnswer(child, "What is heaven like?");
    await t.db
      .update(profiles)
      .set({ mutedUntil: new Date(Date.now() + 60_000) })
      .where(eq(profiles.id, child.id));
    expect((await askLeader(child, plain.conversationId, plain.answerId)).status).toBe(403);
    expect(await t.db.select().from(leaderQuestions).where(eq(leaderQuestions.userId, child.id))).toEqual([]);
    expect(await messagesOf(child, plain.conversationId)).toHaveLength(2);
  });
});

describe("the leaders' side", () => {
  async function waitingQuestion() {
    const child = await signUpUser(t);
    const { conversationId, answerId } = await conversationWithAnswer(child, "Did Jesus have brothers?");
    expect((await askLeader(child, conversationId, answerId)).status).toBe(201);
    const [question] = await t.db.select().from(leaderQuestions).where(eq(leaderQuestions.userId, child.id));
    if (!question) throw new Error("not sent");
    return { child, conversationId, questionId: question.id };
  }

  it("refuses members on every route, before reading the body", async () => {
    const member = await signUpUser(t);
    const { questionId } = await waitingQuestion();
    expect((await listQuestions(member)).status).toBe(403);
    expect((await reply(member, questionId, "Hello")).status).toBe(403);
    expect(
      (
        await call(t, `/api/leader/questions/${questionId}/reply`, {
          cookie: member.cookie,
          json: { reply: "" },
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(t, `/api/leader/questions/${questionId}/draft`, { cookie: member.cookie, method: "POST" }))
        .status,
    ).toBe(403);
    expect((await call(t, "/api/leader/question-drafts", { cookie: member.cookie })).status).toBe(403);
    expect((await call(t, "/api/leader/questions")).status).toBe(401);
  });

  it("takes one reply when two leaders answer at once, and refuses what moderation refuses", async () => {
    const [first, second] = [await signUpUserWithRole(t, "leader"), await signUpUserWithRole(t, "admin")];
    const { child, conversationId, questionId } = await waitingQuestion();

    const empty = await reply(first, questionId, "   ");
    expect(empty.status).toBe(400);
    expect(empty.data.error.message).toBe(LEADER_QUESTION_MESSAGES.replyRequired);
    const long = await reply(first, questionId, "a".repeat(2001));
    expect(long.data.error.message).toBe(LEADER_QUESTION_MESSAGES.replyTooLong);
    expect((await reply(first, questionId, "Text me on 555 123 4567")).status).toBe(422);
    expect((await reply(first, "not-an-id", "Hello")).status).toBe(404);
    expect((await messagesOf(child, conversationId)).map((message) => message.type)).toEqual([
      "user",
      "ai",
      "ai",
    ]);

    // Fifty replies at once, from two leaders: one reaches the child.
    const answers = await parallel(50, (index) =>
      reply(index % 2 ? first : second, questionId, `Yes: Mark 6:3 names four. (${index})`),
    );
    expect(answers.filter((response) => response.status === 200)).toHaveLength(1);
    expect(answers.filter((response) => response.status === 409)).toHaveLength(49);
    expect(answers.find((response) => response.status === 409)?.data.error.message).toBe(
      LEADER_QUESTION_MESSAGES.alreadyAnswered,
    );
    const leaderMessages = (await messagesOf(child, conversationId)).filter(
      (message) => message.type === "leader",
    );
    expect(leaderMessages).toHaveLength(1);
    const notices = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, child.id), eq(notifications.type, "leader_answer")));
    expect(notices).toHaveLength(1);
  });

  it("adds an answered question to the question bank as a draft, once", async () => {
    const leader = await signUpUserWithRole(t, "leader");
    const { questionId } = await waitingQuestion();
    const draft = () =>
      call(t, `/api/leader/questions/${questionId}/draft`, { cookie: leader.cookie, method: "POST" });

    const early = await draft();
    expect(early.status).toBe(409);
    expect(early.data.error.message).toBe(LEADER_QUESTION_MESSAGES.notAnswered);

    expect((await reply(leader, questionId, "Yes: Mark 6:3 names four brothers.")).status).toBe(200);
    const drafting = await parallel(50, draft);
    expect(drafting.filter((response) => response.status === 201)).toHaveLength(1);
    expect(drafting.filter((response) => response.status === 409)).toHaveLength(49);
    const created = drafting.find((response) => response.status === 201);
    expect(created?.data.draft).toMatchObject({
      question: "Did Jesus have brothers?",
      answer: "Yes: Mark 6:3 names four brothers.",
      createdBy: { id: leader.id, username: leader.username },
    });

    const drafts = await call(t, "/api/leader/question-drafts", { cookie: leader.cookie });
    expect(drafts.data.drafts.map((item: { id: string }) => item.id)).toContain(created?.data.draft.id);
    const answered = await listQuestions(leader, "answered");
    expect(answered.data.questions.find((item: { id: string }) => item.id === questionId)).toMatchObject({
      drafted: true,
    });
  });

  it("lists waiting questions oldest first, a page at a time", async () => {
    const leader = await signUpUserWithRole(t, "leader");
    // More than a page, written straight to the table (the waiting limit is another test's).
    const child = await signUpUser(t);
    const answers = await parallel(30, (index) => conversationWithAnswer(child, `Paged question ${index}`));
    await t.db.insert(leaderQuestions).values(
      answers.map(({ conversationId, answerId }) => ({
        userId: child.id,
        conversationId,
        answerMessageId: answerId,
        question: "Paged",
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof call>> = await call(
        t,
        `/api/leader/questions?status=waiting${cursor ? `&cursor=${cursor}` : ""}`,
        { cookie: leader.cookie },
      );
      expect(page.status).toBe(200);
      seen.push(...page.data.questions.map((item: { createdAt: string }) => item.createdAt));
      cursor = page.data.nextCursor;
    } while (cursor);
    const waiting = await t.db.select().from(leaderQuestions).where(eq(leaderQuestions.status, "waiting"));
    expect(waiting.length).toBeGreaterThan(25);
    expect(seen).toHaveLength(waiting.length);
    expect([...seen].sort()).toEqual(seen);
    expect((await call(t, "/api/leader/questions?status=nope", { cookie: leader.cookie })).status).toBe(400);
  });

  it("lets a child take a question back by deleting the conversation", async () => {
    const { child, conversationId, questionId } = await waitingQuestion();
    const leader = await signUpUserWithRole(t, "leader");
    expect(
      (await call(t, `/api/qna/conversations/${conversationId}`, { cookie: child.cookie, method: "DELETE" }))
        .status,
    ).toBe(204);
    expect((await reply(leader, questionId, "Hello")).status).toBe(404);
  });
});
