import { getEventListeners } from "node:events";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QNA_MESSAGES } from "../../../core/schemas/qna";
import {
  conversationFolders,
  conversationMessages,
  conversations,
  notifications,
  profiles,
  userAchievements,
} from "../../db/schema";
import type { FakeOpenAi } from "../../test/fakes/openai";
import { createAppWithFakeOpenAi } from "../../test/fakes/openai-app";
import { call, createTestApp, signUpUser, type TestApp } from "../../test/harness";
import { parseSseEvents, streamToEnd } from "../../test/sse";
import { findVerses } from "../bible";
import { questionBank } from "./question-bank";
import { TRUSTED_ADULT_ANSWER } from "./trusted-adult";

type User = Awaited<ReturnType<typeof signUpUser>>;

async function ask(t: TestApp, user: User, question: string, conversationId?: string) {
  const response = await call(t, "/api/qna/ask", {
    cookie: user.cookie,
    json: conversationId ? { question, conversationId } : { question },
  });
  const events = response.status === 200 ? parseSseEvents(response.text) : [];
  const started = events.find((event) => event.type === "started") as
    | { conversation: { id: string; title: string; messageCount: number } }
    | undefined;
  const answer = events
    .filter((event) => event.type === "delta")
    .map((event) => event.text)
    .join("");
  return { ...response, events, started, answer, last: events.at(-1) };
}

async function messagesOf(t: TestApp, conversationId: string) {
  return t.db
    .select()
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, conversationId))
    .orderBy(conversationMessages.id);
}

describe("with the offline library", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("creates a conversation titled by the first question, streams a reviewed answer and saves it", async () => {
    const user = await signUpUser(t);
    const question = "Why did David fight Goliath when everyone else was too scared to go out?";
    const result = await ask(t, user, question);
    expect(result.status).toBe(200);
    expect(result.started?.conversation.title).toBe(`${question.slice(0, 50)}...`);
    expect(result.events.map((event) => event.type)).toEqual(
      expect.arrayContaining(["started", "delta", "done"]),
    );
    expect(result.last).toMatchObject({ type: "done", content: result.answer });
    // The question bank's reviewed answer (for a reader without a birth year, the longer one), with its verse
    // and the way to the story.
    expect(result.answer).toContain("(1 Samuel 17:45)");
    expect(result.answer.trimEnd().endsWith("/stories/david-and-goliath")).toBe(true);

    const id = result.started?.conversation.id ?? "";
    const saved = await messagesOf(t, id);
    expect(saved.map((message) => [message.type, message.status])).toEqual([
      ["user", "done"],
      ["ai", "done"],
    ]);
    expect(saved[0]?.content).toBe(question);
    expect(saved[1]?.content).toBe(result.answer);
    const [conversation] = await t.db.select().from(conversations).where(eq(conversations.id, id));
    expect(conversation?.messageCount).toBe(2);

    const listed = await call(t, `/api/qna/conversations/${id}/messages`, { cookie: user.cookie });
    expect(listed.data.messages.map((message: { type: string }) => message.type)).toEqual(["user", "ai"]);
  });

  it("lets go of the request once the answer is over", async () => {
    const user = await signUpUser(t);
    const json = { question: "Who was Noah?" };
    const { request, events } = await streamToEnd(t, "/api/qna/ask", { cookie: user.cookie, json });
    expect(events.map((event) => event.type)).toContain("done");
    // On the node server, a listener left on the request's signal keeps the whole request in memory for ever.
    expect(getEventListeners(request.signal, "abort")).toEqual([]);
  });

  it("keeps a short question whole as the title, and answers an off-library question kindly", async () => {
    const user = await signUpUser(t);
    const result = await ask(t, user, "  What is the capital of France?  ");
    expect(result.started?.conversation.title).toBe("What is the capital of France?");
    expect(
      result.answer.startsWith("That's a wonderful question! Let me think about that and get back to you."),
    ).toBe(true);
  });

  it("answers a question that needs a trusted adult with the caring answer", async () => {
    const user = await signUpUser(t);
    const result = await ask(t, user, "i want to hurt myself");
    expect(result.answer).toBe(TRUSTED_ADULT_ANSWER);
  });

  it("refuses blank, over-long and malformed questions, storing nothing", async () => {
    const user = await signUpUser(t);
    for (const json of [{}, { question: "   " }, { question: "x".repeat(1001) }, { question: 42 }]) {
      const response = await call(t, "/api/qna/ask", { cookie: user.cookie, json });
      expect(response.status).toBe(400);
    }
    const blank = await call(t, "/api/qna/ask", { cookie: user.cookie, json: { question: " " } });
    expect(blank.data.error.message).toBe(QNA_MESSAGES.questionRequired);
    expect(await t.db.select().from(conversations).where(eq(conversations.userId, user.id))).toHaveLength(0);
    expect((await call(t, "/api/qna/ask", { json: { question: "Hi" } })).status).toBe(401);
  });

  it("refuses a second question while an answer in that conversation is still being written", async () => {
    const user = await signUpUser(t);
    const first = await ask(t, user, "Who was Ruth?");
    const id = first.started?.conversation.id ?? "";
    await t.db.insert(conversationMessages).values({ conversationId: id, type: "ai", status: "streaming" });
    const refused = await ask(t, user, "And Naomi?", id);
    expect(refused.status).toBe(409);
    expect(refused.data.error.message).toBe(QNA_MESSAGES.stillAnswering);
    expect(await messagesOf(t, id)).toHaveLength(3);
  });

  it("manages folders in the five colours, and deleting one moves its conversations out", async () => {
    const user = await signUpUser(t);
    const created = await call(t, "/api/qna/folders", {
      cookie: user.cookie,
      json: { name: "  Heroes  ", color: "purple" },
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ name: "Heroes", color: "purple" });
    for (const json of [{ name: "", color: "blue" }, { name: "Ok", color: "orange" }, { name: "Ok" }]) {
      expect((await call(t, "/api/qna/folders", { cookie: user.cookie, json })).status).toBe(400);
    }
    const folderId = created.data.id;
    const renamed = await call(t, `/api/qna/folders/${folderId}`, {
      cookie: user.cookie,
      method: "PATCH",
      json: { name: "Brave people", color: "green" },
    });
    expect(renamed.data).toMatchObject({ name: "Brave people", color: "green" });
    const blankRename = await call(t, `/api/qna/folders/${folderId}`, {
      cookie: user.cookie,
      method: "PATCH",
      json: { name: "  " },
    });
    expect(blankRename.status).toBe(400);

    const conversation = (await ask(t, user, "Who was Esther?")).started?.conversation.id ?? "";
    const moved = await call(t, `/api/qna/conversations/${conversation}`, {
      cookie: user.cookie,
      method: "PATCH",
      json: { folderId },
    });
    expect(moved.data.folderId).toBe(folderId);
    const listed = await call(t, "/api/qna/folders", { cookie: user.cookie });
    expect(listed.data.folders.map((folder: { name: string }) => folder.name)).toEqual(["Brave people"]);

    const deleted = await call(t, `/api/qna/folders/${folderId}`, { cookie: user.cookie, method: "DELETE" });
    expect(deleted.status).toBe(204);
    const [kept] = await t.db.select().from(conversations).where(eq(conversations.id, conversation));
    expect(kept?.folderId).toBeNull();
  });

  it("renames, moves out of a folder, searches by title in any case and deletes conversations", async () => {
    const user = await signUpUser(t);
    const a = (await ask(t, user, "Who was Jonah?")).started?.conversation.id ?? "";
    const b =
      (await ask(t, user, "What did Zacchaeus do with 50% of his money?")).started?.conversation.id ?? "";
    const list = await call(t, "/api/qna/conversations", { cookie: user.cookie });
    expect(list.data.conversations.map((conversation: { id: string }) => conversation.id)).toEqual([b, a]);

    const found = await call(t, "/api/qna/conversations?q=JONAH", { cookie: user.cookie });
    expect(found.data.conversations.map((conversation: { id: string }) => conversation.id)).toEqual([a]);
    const percent = await call(t, "/api/qna/conversations?q=50%25", { cookie: user.cookie });
    expect(percent.data.conversations.map((conversation: { id: string }) => conversation.id)).toEqual([b]);
    const wildcard = await call(t, "/api/qna/conversations?q=%25", { cookie: user.cookie });
    expect(wildcard.data.conversations.map((conversation: { id: string }) => conversation.id)).toEqual([b]);

    const renamed = await call(t, `/api/qna/conversations/${a}`, {
      cookie: user.cookie,
      method: "PATCH",
      json: { title: "Jonah and the fish" },
    });
    expect(renamed.data.title).toBe("Jonah and the fish");
    const out = await call(t, `/api/qna/conversations/${a}`, {
      cookie: user.cookie,
      method: "PATCH",
      json: { folderId: null },
    });
    expect(out.data.folderId).toBeNull();
    for (const json of [{}, { title: " " }, { folderId: "nope" }]) {
      const bad = await call(t, `/api/qna/conversations/${a}`, {
        cookie: user.cookie,
        method: "PATCH",
        json,
      });
      expect(bad.status).toBe(400);
    }
    expect(
      (await call(t, `/api/qna/conversations/${a}`, { cookie: user.cookie, method: "DELETE" })).status,
    ).toBe(204);
    expect(await messagesOf(t, a)).toHaveLength(0);
  });

  it("pages the conversation list with a cursor, newest activity first", async () => {
    const user = await signUpUser(t);
    const rows = Array.from({ length: 55 }, (_, index) => ({
      userId: user.id,
      title: `Question ${index}`,
      lastMessageAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)),
    }));
    await t.db.insert(conversations).values(rows);
    const first = await call(t, "/api/qna/conversations", { cookie: user.cookie });
    expect(first.data.conversations).toHaveLength(50);
    expect(first.data.conversations[0].title).toBe("Question 54");
    const second = await call(t, `/api/qna/conversations?cursor=${first.data.nextCursor}`, {
      cookie: user.cookie,
    });
    expect(second.data.conversations.map((conversation: { title: string }) => conversation.title)).toEqual([
      "Question 4",
      "Question 3",
      "Question 2",
      "Question 1",
      "Question 0",
    ]);
    expect(second.data.nextCursor).toBeNull();
  });

  it("lists a folder's conversations, those in no folder, and counts each folder's whole content", async () => {
    const user = await signUpUser(t);
    const folder = (
      await call(t, "/api/qna/folders", { cookie: user.cookie, json: { name: "Kings", color: "yellow" } })
    ).data.id;
    await t.db.insert(conversations).values(
      Array.from({ length: 60 }, (_, index) => ({
        userId: user.id,
        title: `Filed ${index}`,
        folderId: index < 55 ? folder : null,
      })),
    );
    const folders = await call(t, "/api/qna/folders", { cookie: user.cookie });
    expect(folders.data.folders[0]).toMatchObject({ id: folder, conversationCount: 55 });
    const inFolder = await call(t, `/api/qna/conversations?folder=${folder}`, { cookie: user.cookie });
    expect(inFolder.data.conversations).toHaveLength(50);
    expect(inFolder.data.nextCursor).not.toBeNull();
    const unfiled = await call(t, "/api/qna/conversations?folder=none", { cookie: user.cookie });
    expect(unfiled.data.conversations).toHaveLength(5);
    expect((await call(t, "/api/qna/conversations?folder=kings", { cookie: user.cookie })).status).toBe(400);
    const stranger = await signUpUser(t);
    const theirs = await call(t, `/api/qna/conversations?folder=${folder}`, { cookie: stranger.cookie });
    expect(theirs.data.conversations).toEqual([]);
  });

  it("reads a cursor that is not a real time as the first page, never as an error", async () => {
    const user = await signUpUser(t);
    await ask(t, user, "Who was Moses?");
    for (const time of [
      "2024-99-99T99:99:99.000000Z",
      "0000-01-01T00:00:00.000000Z",
      "2025-02-30T10:00:00.000000Z",
    ]) {
      const cursor = Buffer.from(`${time}|00000000-0000-4000-8000-000000000000`).toString("base64url");
      const response = await call(t, `/api/qna/conversations?cursor=${cursor}`, { cookie: user.cookie });
      expect(response.status).toBe(200);
      expect(response.data.conversations).toHaveLength(1);
    }
  });

  it("shows an answer whose server stopped mid-way as failed, and lets the reader ask again", async () => {
    const user = await signUpUser(t);
    const id = (await ask(t, user, "Who was Elijah?")).started?.conversation.id ?? "";
    await t.db.insert(conversationMessages).values({
      conversationId: id,
      type: "ai",
      status: "streaming",
      createdAt: new Date(Date.now() - 10 * 60 * 1000),
    });
    const listed = await call(t, `/api/qna/conversations/${id}/messages`, { cookie: user.cookie });
    expect(listed.data.messages.at(-1)).toMatchObject({ status: "failed", content: QNA_MESSAGES.chatFailed });
    expect((await ask(t, user, "Tell me more", id)).status).toBe(200);
  });

  it("keeps every folder and conversation private to its owner", async () => {
    const owner = await signUpUser(t);
    const other = await signUpUser(t);
    const conversation = (await ask(t, owner, "Who was Noah?")).started?.conversation.id ?? "";
    const folder = (
      await call(t, "/api/qna/folders", { cookie: owner.cookie, json: { name: "Mine", color: "red" } })
    ).data.id;
    const othersFolder = (
      await call(t, "/api/qna/folders", { cookie: other.cookie, json: { name: "Theirs", color: "blue" } })
    ).data.id;

    expect((await call(t, "/api/qna/conversations", { cookie: other.cookie })).data.conversations).toEqual(
      [],
    );
    expect((await call(t, "/api/qna/folders", { cookie: other.cookie })).data.folders).toHaveLength(1);
    const refusals = [
      await call(t, `/api/qna/conversations/${conversation}/messages`, { cookie: other.cookie }),
      await call(t, `/api/qna/conversations/${conversation}`, {
        cookie: other.cookie,
        method: "PATCH",
        json: { title: "Taken" },
      }),
      await call(t, `/api/qna/conversations/${conversation}`, { cookie: other.cookie, method: "DELETE" }),
      await call(t, `/api/qna/folders/${folder}`, {
        cookie: other.cookie,
        method: "PATCH",
        json: { name: "Taken" },
      }),
      await call(t, `/api/qna/folders/${folder}`, { cookie: other.cookie, method: "DELETE" }),
      // Moving one's own conversation into someone else's folder.
      await call(t, `/api/qna/conversations/${conversation}`, {
        cookie: owner.cookie,
        method: "PATCH",
        json: { folderId: othersFolder },
      }),
      await call(t, "/api/qna/conversations/not-an-id/messages", { cookie: owner.cookie }),
    ];
    expect(refusals.map((response) => response.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    const asked = await ask(t, other, "Let me in", conversation);
    expect(asked.status).toBe(404);

    const [kept] = await t.db.select().from(conversations).where(eq(conversations.id, conversation));
    expect(kept).toMatchObject({ title: "Who was Noah?", folderId: null, messageCount: 2 });
    expect(await messagesOf(t, conversation)).toHaveLength(2);
    const [keptFolder] = await t.db
      .select()
      .from(conversationFolders)
      .where(eq(conversationFolders.id, folder));
    expect(keptFolder?.name).toBe("Mine");
  });
});

describe("with an OpenAI-compatible provider", () => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ fake, app: t, close } = await createAppWithFakeOpenAi());
  });
  afterAll(() => close());

  it("sends the persona, the last 10 messages and the question, with the question AI's sampling", async () => {
    fake.behave("ok", { text: "God kept Daniel safe." });
    const user = await signUpUser(t);
    const first = await ask(t, user, "Question 1");
    const id = first.started?.conversation.id ?? "";
    for (let index = 2; index <= 6; index++) await ask(t, user, `Question ${index}`, id);
    const result = await ask(t, user, "Question 7", id);
    expect(result.answer).toBe("God kept Daniel safe.");

    const body = fake.requests.at(-1)?.body as {
      messages: { role: string; content: string }[];
      temperature: number;
      max_tokens: number;
      stream: boolean;
    };
    expect(body).toMatchObject({ temperature: 0.7, max_tokens: 800, stream: true });
    expect(body.messages[0]?.role).toBe("system");
    expect(body.messages[0]?.content).toContain("Never ask for or repeat personal information");
    const context = body.messages.slice(1);
    // Questions 2–6 and their answers (10 messages), then the new question.
    expect(context).toHaveLength(11);
    expect(context[0]).toEqual({ role: "user", content: "Question 2" });
    expect(context[1]).toEqual({ role: "assistant", content: "God kept Daniel safe." });
    expect(context.at(-1)).toEqual({ role: "user", content: "Question 7" });
  });

  it("grounds the model in the question bank's reviewed answer for the reader's age, with its verses' words", async () => {
    fake.behave("ok", {
      text: "People had filled the earth with violence (Genesis 6:13), and God saved Noah.",
    });
    const teen = await signUpUser(t);
    const child = await signUpUser(t);
    await t.db
      .update(profiles)
      .set({ birthYear: new Date().getUTCFullYear() - 9 })
      .where(eq(profiles.id, child.id));
    const question = "Why did God flood the whole earth?";
    const systemOf = async (user: typeof teen) => {
      const result = await ask(t, user, question);
      expect(result.last).toMatchObject({ type: "done", content: result.answer });
      const body = fake.requests.at(-1)?.body as { messages: { role: string; content: string }[] };
      return body.messages[0]?.content ?? "";
    };
    const [entry] = questionBank().filter((item) => item.id === "why-did-god-flood-the-earth");
    if (!entry) throw new Error("the bank has no flood entry");

    const forTeen = await systemOf(teen);
    expect(forTeen).toContain("Never ask for or repeat personal information");
    expect(forTeen).toContain(entry.long);
    expect(forTeen).not.toContain(entry.short);
    expect(forTeen).toContain("The reader is 13 or older");
    // The verse's words from the verses file, so a quote can be word for word.
    expect(forTeen).toContain(`Genesis 6:5-8: "${findVerses(["Genesis 6:5"])[0]?.text}`);
    expect(forTeen).toContain("never cite any other verse");
    expect(forTeen).toContain("/stories/noah-and-the-ark");

    const forChild = await systemOf(child);
    expect(forChild).toContain(entry.short);
    expect(forChild).toContain("The reader is under 13");
  });

  it("puts the reviewed answer in place of an answer that cites a verse Lamplight does not hold", async () => {
    // Obadiah 1:3 is real, but neither the library nor the bank cites it: its words could not be checked.
    fake.behave("ok", { text: "God sent the flood because of pride, as Obadiah 1:3 says." });
    const user = await signUpUser(t);
    const result = await ask(t, user, "Why did God flood the whole earth?");
    expect(result.answer).toContain("Obadiah 1:3");
    expect(result.last?.type).toBe("done");
    const content = String(result.last?.content);
    expect(content).not.toContain("Obadiah");
    expect(content).toContain("(Genesis 6:5)");
    const saved = await messagesOf(t, result.started?.conversation.id ?? "");
    expect(saved[1]?.content).toBe(content);

    // A verse the bank holds is kept as the model wrote it.
    fake.behave("ok", { text: "God's heart was grieved (Genesis 6:6)." });
    const kept = await ask(t, user, "Why did God flood the whole earth?");
    expect(kept.last).toMatchObject({ type: "done", content: "God's heart was grieved (Genesis 6:6)." });
    fake.behave("ok");
  });

  it("saves the failure text when the upstream fails, and leaves it out of later context", async () => {
    const user = await signUpUser(t);
    fake.behave("500");
    const failed = await ask(t, user, "Who built the ark?");
    expect(failed.last).toEqual({ type: "error", message: QNA_MESSAGES.chatFailed });
    const id = failed.started?.conversation.id ?? "";
    const saved = await messagesOf(t, id);
    expect(saved[1]).toMatchObject({ type: "ai", status: "failed", content: QNA_MESSAGES.chatFailed });

    fake.behave("ok", { text: "Noah built it." });
    const again = await ask(t, user, "Who built the ark?", id);
    expect(again.last).toMatchObject({ type: "done", content: "Noah built it." });
    const body = fake.requests.at(-1)?.body as { messages: { role: string; content: string }[] };
    expect(body.messages.map((message) => message.role)).toEqual(["system", "user", "user"]);
  });

  it("ends a stalled answer with the failure text", async () => {
    const user = await signUpUser(t);
    fake.behave("stall");
    const stalled = await ask(t, user, "Tell me about Moses");
    expect(stalled.last).toEqual({ type: "error", message: QNA_MESSAGES.chatFailed });
    const saved = await messagesOf(t, stalled.started?.conversation.id ?? "");
    expect(saved[1]?.status).toBe("failed");
    fake.behave("ok");
  });

  it("never sends a question that needs a trusted adult to the AI", async () => {
    fake.behave("ok", { text: "Should not be used." });
    const user = await signUpUser(t);
    const before = fake.requests.length;
    const result = await ask(t, user, "my dad hurts me when he is angry");
    expect(result.answer).toBe(TRUSTED_ADULT_ANSWER);
    expect(fake.requests.length).toBe(before);
  });

  it("awards Question Master with a notification on the tenth question, once", async () => {
    fake.behave("ok", { text: "A good answer." });
    const user = await signUpUser(t);
    const first = await ask(t, user, "Question 1");
    const id = first.started?.conversation.id ?? "";
    for (let index = 2; index <= 9; index++) await ask(t, user, `Question ${index}`, id);
    const earned = () =>
      t.db
        .select()
        .from(userAchievements)
        .where(
          and(eq(userAchievements.userId, user.id), eq(userAchievements.achievement, "question_master")),
        );
    expect(await earned()).toHaveLength(0);
    await ask(t, user, "Question 10", id);
    await ask(t, user, "Question 11", id);
    expect(await earned()).toHaveLength(1);
    const sent = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, user.id), eq(notifications.type, "achievement")));
    expect(sent.map((row) => row.message)).toEqual(["You earned the Question Master achievement! 🎉"]);
  });
});
