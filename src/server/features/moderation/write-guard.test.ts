import { and, count, eq, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODERATION_MESSAGES, type ModerationCategory, mutedMessage } from "../../../core/schemas/moderation";
import { createLocalModerator } from "../../adapters/moderation/local";
import { createOpenAiModerator } from "../../adapters/moderation/openai";
import {
  conversationFolders,
  conversationMessages,
  conversations,
  groupMessages,
  groupPosts,
  postComments,
  profiles,
  studyGroups,
  users,
} from "../../db/schema";
import { type FakeOpenAi, startFakeOpenAi } from "../../test/fakes/openai";
import { groupWithMembers } from "../../test/fixtures";
import { call, createGroupAs, createTestApp, signUpUser, type TestApp } from "../../test/harness";
import { parseSseEvents } from "../../test/sse";
import { TRUSTED_ADULT_ANSWER } from "../qna/trusted-adult";

// Every route that stores what a child writes asks the moderator first (issue 6): a refusal is a 422 with the
// category's kind message and nothing is stored; a muted member may read but not write.

type User = Awaited<ReturnType<typeof signUpUser>>;
type Response = Awaited<ReturnType<typeof call>>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function expectRefused(response: Response, category: ModerationCategory) {
  expect(response.status, response.text).toBe(422);
  expect(response.data.error).toEqual({ code: "moderation_refused", message: MODERATION_MESSAGES[category] });
}

async function rows(table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await t.db.select({ value: count() }).from(table).where(where);
  return row?.value ?? 0;
}

function postForm(title: string, content: string) {
  const form = new FormData();
  form.set("title", title);
  form.set("content", content);
  return form;
}

const sendPost = (app: TestApp, user: User, groupId: string, title: string, content: string) =>
  call(app, `/api/groups/${groupId}/posts`, { cookie: user.cookie, body: postForm(title, content) });

const sendMessage = (app: TestApp, user: User, groupId: string, body: string) =>
  call(app, `/api/groups/${groupId}/messages`, { cookie: user.cookie, json: { body } });

const ask = (app: TestApp, user: User, question: string) =>
  call(app, "/api/qna/ask", { cookie: user.cookie, json: { question } });

/** A group with its owner and one other member. */
async function groupWithMember() {
  const { owner, group, members } = await groupWithMembers(t, { members: 1 });
  return { owner, group, member: members[0] };
}

describe("sign-up", () => {
  it("refuses a username that breaks the rules and creates no account; a clean one signs up", async () => {
    const before = await rows(users, undefined);
    for (const [username, category] of [
      ["kid_fuck", "language"],
      ["sam_5551234567", "phone"],
    ] as const) {
      const response = await call(t, "/api/auth/sign-up/email", {
        json: { email: `${username}@example.com`, username, password: "Lamp-river-2026", birthYear: 2000 },
      });
      expectRefused(response, category);
    }
    expect(await rows(users, undefined)).toBe(before);

    const allowed = await signUpUser(t, { username: `ruth_${Date.now().toString(36)}`.slice(0, 20) });
    expect(await rows(profiles, eq(profiles.id, allowed.id))).toBe(1);
  });
});

describe("profile", () => {
  it("refuses a bio or username that breaks the rules and keeps the old ones; a clean bio is saved", async () => {
    const user = await signUpUser(t);
    expectRefused(
      await call(t, "/api/profile", {
        method: "PATCH",
        cookie: user.cookie,
        json: { bio: "text me 555-123-4567" },
      }),
      "phone",
    );
    expectRefused(
      await call(t, "/api/profile", { method: "PATCH", cookie: user.cookie, json: { username: "big_shit" } }),
      "language",
    );
    const [unchanged] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(unchanged).toMatchObject({ bio: null, username: user.username });

    const saved = await call(t, "/api/profile", {
      method: "PATCH",
      cookie: user.cookie,
      json: { bio: "I love the story of Ruth and Naomi (Ruth 1:16)" },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.data.bio).toBe("I love the story of Ruth and Naomi (Ruth 1:16)");
  });
});

describe("study groups", () => {
  it("refuses a group name that breaks the rules and creates no group", async () => {
    const owner = await signUpUser(t);
    expectRefused(
      await call(t, "/api/groups", { cookie: owner.cookie, json: { name: "add me on tiktok" } }),
      "social",
    );
    expect(await rows(studyGroups, eq(studyGroups.ownerId, owner.id))).toBe(0);
    await createGroupAs(t, owner, "Psalm 23 friends");
    expect(await rows(studyGroups, eq(studyGroups.ownerId, owner.id))).toBe(1);
  });

  it("refuses a chat message that breaks the rules and stores nothing; a clean one is sent", async () => {
    const { group, member } = await groupWithMember();
    expectRefused(await sendMessage(t, member, group.id, "my email is sam@example.com"), "email");
    expectRefused(await sendMessage(t, member, group.id, "where do you live?"), "meetup");
    expect(await rows(groupMessages, eq(groupMessages.groupId, group.id))).toBe(0);
    expect((await sendMessage(t, member, group.id, "See you at 3:30 for John 3:16!")).status).toBe(201);
    expect(await rows(groupMessages, eq(groupMessages.groupId, group.id))).toBe(1);
  });
});

describe("feed", () => {
  it("refuses a post whose title or content breaks the rules and stores nothing; a clean one is posted", async () => {
    const { group, member } = await groupWithMember();
    expectRefused(await sendPost(t, member, group.id, "Party", "meet me at the park after school"), "meetup");
    expectRefused(await sendPost(t, member, group.id, "what the fuck", "Jonah ran away"), "language");
    expect(await rows(groupPosts, eq(groupPosts.groupId, group.id))).toBe(0);
    const posted = await sendPost(t, member, group.id, "Jonah", "@sam the ass spoke to Balaam too!");
    expect(posted.status, posted.text).toBe(201);
    expect(await rows(groupPosts, eq(groupPosts.groupId, group.id))).toBe(1);
  });

  it("refuses a comment that breaks the rules and stores nothing; a clean one is added", async () => {
    const { owner, group, member } = await groupWithMember();
    const post = await sendPost(t, owner, group.id, "Noah", "40 days and 40 nights of rain");
    const comment = (content: string) =>
      call(t, `/api/groups/${group.id}/posts/${post.data.id}/comments`, {
        cookie: member.cookie,
        json: { content },
      });
    expectRefused(await comment("my snap is samrocks"), "social");
    expect(await rows(postComments, eq(postComments.postId, post.data.id))).toBe(0);
    expect((await comment("The rainbow was God's promise (Genesis 9:13)")).status).toBe(201);
    expect(await rows(postComments, eq(postComments.postId, post.data.id))).toBe(1);
  });
});

describe("the AI helper", () => {
  it("refuses a question that breaks the rules and stores no conversation; a clean one is answered", async () => {
    const user = await signUpUser(t);
    expectRefused(await ask(t, user, "whats your phone number?"), "phone");
    expect(await rows(conversations, eq(conversations.userId, user.id))).toBe(0);
    const answered = await ask(t, user, "Why did David fight Goliath?");
    expect(answered.status).toBe(200);
    expect(parseSseEvents(answered.text).at(-1)).toMatchObject({ type: "done" });
    expect(await rows(conversations, eq(conversations.userId, user.id))).toBe(1);
  });

  it("refuses a folder name or a new title that breaks the rules and keeps the old ones", async () => {
    const user = await signUpUser(t);
    const folders = "/api/qna/folders";
    expectRefused(
      await call(t, folders, { cookie: user.cookie, json: { name: "sh1t", color: "blue" } }),
      "language",
    );
    expect(await rows(conversationFolders, eq(conversationFolders.userId, user.id))).toBe(0);
    const folder = await call(t, folders, { cookie: user.cookie, json: { name: "Heroes", color: "blue" } });
    expect(folder.status).toBe(201);
    expectRefused(
      await call(t, `${folders}/${folder.data.id}`, {
        method: "PATCH",
        cookie: user.cookie,
        json: { name: "07700 900123" },
      }),
      "phone",
    );
    const [kept] = await t.db
      .select()
      .from(conversationFolders)
      .where(eq(conversationFolders.id, folder.data.id));
    expect(kept?.name).toBe("Heroes");
    const renamedFolder = await call(t, `${folders}/${folder.data.id}`, {
      method: "PATCH",
      cookie: user.cookie,
      json: { name: "Brave people" },
    });
    expect(renamedFolder.status).toBe(200);

    expect((await ask(t, user, "Who was Esther?")).status).toBe(200);
    const [asked] = await t.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.userId, user.id));
    const conversationId = asked?.id ?? "";
    const rename = (title: string) =>
      call(t, `/api/qna/conversations/${conversationId}`, {
        method: "PATCH",
        cookie: user.cookie,
        json: { title },
      });
    expectRefused(await rename("sam at gmail dot com"), "email");
    const [conversation] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    expect(conversation?.title).toBe("Who was Esther?");
    expect((await rename("Esther the brave queen")).status).toBe(200);
  });
});

describe("sharing a story", () => {
  it("refuses a note or a post that breaks the rules and stores nothing; clean ones are drafted and shared", async () => {
    const { group, member } = await groupWithMember();
    const draft = (note: string) =>
      call(t, "/api/stories/creation/share-draft", { cookie: member.cookie, json: { layer: 1, note } });
    const share = (text: string) =>
      call(t, "/api/stories/creation/share", {
        cookie: member.cookie,
        json: { layer: 1, groupId: group.id, text, attachIllustration: false },
      });
    expectRefused(await draft("I live at 123 Main Street"), "address");
    expect((await draft("God made everything good (Genesis 1:31)")).status).toBe(200);
    expectRefused(await share("add me on discord"), "social");
    expect(await rows(groupPosts, eq(groupPosts.groupId, group.id))).toBe(0);
    expect((await share("God made everything good! 🙏✨")).status).toBe(201);
    expect(await rows(groupPosts, eq(groupPosts.groupId, group.id))).toBe(1);
  });
});

describe("a muted member", () => {
  it("is refused a post and a chat message with the time it ends, and can still read", async () => {
    const { owner, group, member } = await groupWithMember();
    await sendPost(t, owner, group.id, "Ruth", "Where you go, I will go (Ruth 1:16)");
    const until = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await t.db.update(profiles).set({ mutedUntil: until }).where(eq(profiles.id, member.id));

    for (const response of [
      await sendPost(t, member, group.id, "Hello", "Clean words"),
      await sendMessage(t, member, group.id, "Clean words"),
    ]) {
      expect(response.status, response.text).toBe(403);
      expect(response.data.error).toEqual({ code: "muted", message: mutedMessage(until) });
    }
    expect(
      await rows(groupPosts, and(eq(groupPosts.groupId, group.id), eq(groupPosts.authorId, member.id))),
    ).toBe(0);
    expect(await rows(groupMessages, eq(groupMessages.groupId, group.id))).toBe(0);

    const feed = await call(t, `/api/groups/${group.id}/posts`, { cookie: member.cookie });
    expect(feed.status).toBe(200);
    expect(feed.data.posts).toHaveLength(1);
    expect((await call(t, `/api/groups/${group.id}/messages`, { cookie: member.cookie })).status).toBe(200);
  });

  it("still gets the caring answer to a question for a trusted adult", async () => {
    const user = await signUpUser(t);
    await t.db
      .update(profiles)
      .set({ mutedUntil: new Date(Date.now() + 60 * 60 * 1000) })
      .where(eq(profiles.id, user.id));
    expect((await ask(t, user, "Why did Jonah run away?")).status).toBe(403);
    const help = await ask(t, user, "I want to kill myself");
    expect(help.status).toBe(200);
    expect(parseSseEvents(help.text).at(-1)).toEqual({ type: "done", content: TRUSTED_ADULT_ANSWER });
  });
});

describe("with the provider's moderation (MODERATION=openai)", () => {
  let fake: FakeOpenAi;
  let withProvider: TestApp;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    withProvider = await createTestApp({
      moderator: createOpenAiModerator({
        baseUrl: fake.baseUrl,
        apiKey: fake.apiKey,
        local: createLocalModerator(),
      }),
    });
  });
  afterAll(async () => {
    await withProvider.close();
    await fake.close();
  });

  it("refuses what the provider flags, except a question for a trusted adult", async () => {
    const owner = await signUpUser(withProvider);
    const group = await createGroupAs(withProvider, owner, "Lions den");
    fake.behave("ok", { flagged: true });
    expectRefused(await sendMessage(withProvider, owner, group.id, "nice words, unkind meaning"), "provider");
    expect(
      await withProvider.db
        .select({ value: count() })
        .from(groupMessages)
        .where(eq(groupMessages.groupId, group.id)),
    ).toEqual([{ value: 0 }]);
    expect(fake.requests.at(-1)?.body).toEqual({
      model: "omni-moderation-latest",
      input: "nice words, unkind meaning",
    });

    const help = await ask(withProvider, owner, "I want to die");
    expect(parseSseEvents(help.text).at(-1)).toEqual({ type: "done", content: TRUSTED_ADULT_ANSWER });
    const [conversation] = await withProvider.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.userId, owner.id));
    expect(
      await withProvider.db
        .select()
        .from(conversationMessages)
        .where(eq(conversationMessages.conversationId, conversation?.id ?? "")),
    ).toHaveLength(2);

    fake.behave("500");
    expect((await sendMessage(withProvider, owner, group.id, "Daniel trusted God")).status).toBe(201);
    expectRefused(await sendMessage(withProvider, owner, group.id, "call 555 123 4567"), "phone");
  });
});
