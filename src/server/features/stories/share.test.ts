import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST_CONTENT_MAX_LENGTH } from "../../../core/schemas/feed";
import { fallbackShareDraft, SHARE_DRAFT_PERSONA, SHARE_MESSAGES } from "../../../core/stories/share";
import { groupPosts, storyContent } from "../../db/schema";
import type { FakeOpenAi } from "../../test/fakes/openai";
import { createAppWithFakeOpenAi } from "../../test/fakes/openai-app";
import {
  call,
  createGroupAs,
  createTestApp,
  joinGroupAs,
  signUpUser,
  TEST_APP_URL,
  type TestApp,
} from "../../test/harness";
import { openEventStream } from "../../test/sse";

type User = Awaited<ReturnType<typeof signUpUser>>;

const LEVEL_ONE = "creation";
const LEVEL_TWO = "david-and-goliath";
const NOTE = "  God made everything good, and that includes me!  ";

let t: TestApp;
let title: string;
beforeAll(async () => {
  t = await createTestApp();
  const reader = await signUpUser(t);
  title = (await call(t, `/api/stories/${LEVEL_ONE}`, { cookie: reader.cookie })).data.story.title;
});
afterAll(() => t.close());

const draft = (app: TestApp, user: User, json: unknown, slug = LEVEL_ONE) =>
  call(app, `/api/stories/${slug}/share-draft`, { cookie: user.cookie, json });

const share = (user: User, json: unknown, slug = LEVEL_ONE) =>
  call(t, `/api/stories/${slug}/share`, { cookie: user.cookie, json });

const createGroup = (owner: User) => createGroupAs(t, owner, "Story sharers");
const joinGroup = (user: User, group: { inviteCode: string }) => joinGroupAs(t, user, group);

/** Reads layer 1 with the library, which draws its illustration too. */
async function readLayerOne(user: User) {
  const response = await call(t, `/api/stories/${LEVEL_ONE}/layers/1/generate`, {
    method: "POST",
    cookie: user.cookie,
  });
  expect(response.status).toBe(200);
  expect(response.text).toContain('"type":"image"');
}

async function postsOf(user: User, groupId: string) {
  const response = await call(t, `/api/groups/${groupId}/posts`, { cookie: user.cookie });
  expect(response.status).toBe(200);
  return response.data.posts as { id: string; title: string; content: string; mediaUrl: string | null }[];
}

async function storedPosts(groupId: string) {
  return t.db.select().from(groupPosts).where(eq(groupPosts.groupId, groupId));
}

describe("POST /api/stories/:slug/share-draft with the offline library", () => {
  it("answers the spec's fallback draft around the trimmed note", async () => {
    const user = await signUpUser(t);
    const response = await draft(t, user, { layer: 1, note: NOTE });
    expect(response.status).toBe(200);
    expect(response.data).toEqual({
      draft: `Just learned something amazing from ${title}! God made everything good, and that includes me! 🙏✨`,
      source: "fallback",
    });
  });

  it("refuses a blank, missing or too long note and a bad layer with a 400 and the dialog's words", async () => {
    const user = await signUpUser(t);
    for (const json of [{ layer: 1, note: "   \n " }, { layer: 1 }]) {
      const response = await draft(t, user, json);
      expect(response.status).toBe(400);
      expect(response.data.error.message).toBe(SHARE_MESSAGES.noteRequired);
    }
    const long = await draft(t, user, { layer: 1, note: "a".repeat(501) });
    expect(long.status).toBe(400);
    expect(long.data.error.message).toBe(SHARE_MESSAGES.noteTooLong);
    expect((await draft(t, user, { layer: 4, note: "x" })).status).toBe(400);
  });

  it("is for stories the reader can open: 403 when locked, 404 when missing, 401 for a visitor", async () => {
    const user = await signUpUser(t);
    const locked = await draft(t, user, { layer: 1, note: "Brave" }, LEVEL_TWO);
    expect(locked.status).toBe(403);
    expect(locked.data.error.message).toBe("Reach Level 2 to open this story.");
    expect((await draft(t, user, { layer: 1, note: "Brave" }, "no-such-story")).status).toBe(404);
    const visitor = await call(t, `/api/stories/${LEVEL_ONE}/share-draft`, { json: { layer: 1, note: "x" } });
    expect(visitor.status).toBe(401);
  });
});

describe("POST /api/stories/:slug/share-draft with an OpenAI-compatible provider", () => {
  let fake: FakeOpenAi;
  let ai: TestApp;
  let close: () => Promise<void>;
  const aiDraft = "I learned that God made everything good, even me! 🌍✨ So thankful today 🙏";
  beforeAll(async () => {
    ({ fake, app: ai, close } = await createAppWithFakeOpenAi());
  });
  afterAll(() => close());

  it("asks for a short draft (max_tokens 100, temperature 0.7, not streamed) and answers the AI's text", async () => {
    fake.reset();
    fake.behave("ok", { text: `"${aiDraft}"` });
    const user = await signUpUser(ai);
    const response = await draft(ai, user, { layer: 2, note: NOTE });
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ draft: aiDraft, source: "ai" });

    expect(fake.requests).toHaveLength(1);
    const body = fake.requests[0]?.body as Record<string, unknown>;
    expect(fake.requests[0]?.path).toBe("/v1/chat/completions");
    expect(body).toMatchObject({ model: "gpt-test", max_tokens: 100, temperature: 0.7 });
    expect(body.stream === undefined || body.stream === false).toBe(true);
    const messages = body.messages as { role: string; content: string }[];
    expect(messages.map((message) => message.role)).toEqual(["system", "user"]);
    expect(messages[0]?.content).toBe(SHARE_DRAFT_PERSONA);
    expect(messages[1]?.content).toContain(`Story: ${title}`);
    expect(messages[1]?.content).toContain("Layer 2 of 3: Deeper Reflection");
    expect(messages[1]?.content).toContain("What I learned: God made everything good, and that includes me!");
  });

  it.each(["500", "401", "empty", "malformed", "stall"] as const)(
    "falls back to the template when the upstream answers %s, and never shows its error",
    async (mode) => {
      fake.reset();
      fake.behave(mode);
      const user = await signUpUser(ai);
      const response = await draft(ai, user, { layer: 1, note: NOTE });
      expect(response.status).toBe(200);
      expect(response.data).toEqual({ draft: fallbackShareDraft(title, NOTE), source: "fallback" });
      expect(response.text).not.toMatch(/API error|No text generated/);
      expect(fake.requests).toHaveLength(1);
    },
  );

  it("calls nothing when the note is blank", async () => {
    fake.reset();
    const user = await signUpUser(ai);
    const response = await draft(ai, user, { layer: 1, note: " \t " });
    expect(response.status).toBe(400);
    expect(response.data.error.message).toBe(SHARE_MESSAGES.noteRequired);
    expect(fake.requests).toHaveLength(0);
  });

  it("calls nothing for a locked story", async () => {
    fake.reset();
    const user = await signUpUser(ai);
    expect((await draft(ai, user, { layer: 1, note: "Brave" }, LEVEL_TWO)).status).toBe(403);
    expect(fake.requests).toHaveLength(0);
  });
});

describe("POST /api/stories/:slug/share", () => {
  it("posts the text in the chosen group as an ordinary post, live and with @mentions", async () => {
    const owner = await signUpUser(t);
    const group = await createGroup(owner);
    const friend = await signUpUser(t);
    await joinGroup(friend, group);
    const stream = await openEventStream(t, friend.cookie);
    try {
      const text = `  God made the stars 🌟 @${friend.username} look up tonight!  `;
      const response = await share(owner, { layer: 1, groupId: group.id, text, attachIllustration: false });
      expect(response.status, response.text).toBe(201);
      expect(response.data.groupId).toBe(group.id);
      expect(response.data.post).toMatchObject({
        groupId: group.id,
        title,
        content: text.trim(),
        mediaUrl: null,
        mediaType: null,
        isPinned: false,
        author: { id: owner.id, username: owner.username },
        commentsCount: 0,
        reactionsCount: 0,
      });

      const posts = await postsOf(friend, group.id);
      expect(posts.map((post) => post.id)).toEqual([response.data.post.id]);
      expect(posts[0]).toMatchObject({ title, content: text.trim() });

      expect(await stream.next()).toMatchObject({
        topic: `group:${group.id}`,
        type: "post_created",
        data: { id: response.data.post.id, title, author: { id: owner.id } },
      });
      const bell = await call(t, "/api/notifications", { cookie: friend.cookie });
      // Other kinds (achievements) may ring too; the mention is the post's.
      const mentions = bell.data.notifications.filter(
        (item: { type: string }) => item.type === "post_mention",
      );
      expect(mentions).toEqual([
        expect.objectContaining({
          type: "post_mention",
          message: `${owner.username} mentioned you in a post: ${title}`,
          entityId: response.data.post.id,
        }),
      ]);
    } finally {
      stream.close();
    }
  });

  it("refuses a reader who is not a member of the group, as the feed does, and stores nothing", async () => {
    const owner = await signUpUser(t);
    const group = await createGroup(owner);
    const stranger = await signUpUser(t);
    const json = { layer: 1, groupId: group.id, text: "Hello!", attachIllustration: false };
    const refused = await share(stranger, json);
    const feed = await call(t, `/api/groups/${group.id}/posts`, { cookie: stranger.cookie });
    expect(refused.status).toBe(403);
    expect(refused.data.error).toEqual(feed.data.error);
    const missing = await share(stranger, { ...json, groupId: "00000000-0000-4000-8000-000000000000" });
    expect(missing.status).toBe(404);
    expect(await storedPosts(group.id)).toHaveLength(0);
  });

  it("refuses a locked story with 403 and stores nothing", async () => {
    const owner = await signUpUser(t);
    const group = await createGroup(owner);
    const response = await share(
      owner,
      { layer: 1, groupId: group.id, text: "Brave!", attachIllustration: false },
      LEVEL_TWO,
    );
    expect(response.status).toBe(403);
    expect(response.data.error.message).toBe("Reach Level 2 to open this story.");
    expect(await storedPosts(group.id)).toHaveLength(0);
  });

  it("refuses blank or too long text, a missing group or attach choice with a 400, and stores nothing", async () => {
    const owner = await signUpUser(t);
    const group = await createGroup(owner);
    const valid = { layer: 1, groupId: group.id, text: "Hi", attachIllustration: false };
    const cases: [unknown, string][] = [
      [{ ...valid, text: "  \n " }, SHARE_MESSAGES.draftRequired],
      [{ ...valid, text: "a".repeat(POST_CONTENT_MAX_LENGTH + 1) }, SHARE_MESSAGES.draftTooLong],
      [{ ...valid, groupId: undefined }, SHARE_MESSAGES.groupRequired],
      [{ ...valid, groupId: "not-a-group" }, SHARE_MESSAGES.groupRequired],
      [{ ...valid, attachIllustration: undefined }, SHARE_MESSAGES.attachRequired],
    ];
    for (const [json, message] of cases) {
      const response = await share(owner, json);
      expect(response.status).toBe(400);
      expect(response.data.error.message).toBe(message);
    }
    expect((await share(owner, { ...valid, layer: 0 })).status).toBe(400);
    expect(await storedPosts(group.id)).toHaveLength(0);
  });

  it("answers 409 when asked to attach an illustration the reader does not have", async () => {
    const owner = await signUpUser(t);
    const group = await createGroup(owner);
    const json = { layer: 1, groupId: group.id, text: "Look!", attachIllustration: true };
    const none = await share(owner, json);
    expect(none.status).toBe(409);
    expect(none.data.error.message).toBe(SHARE_MESSAGES.noIllustration);

    // A new text clears the saved picture; the old file left behind is not attached.
    await readLayerOne(owner);
    await t.db
      .update(storyContent)
      .set({ imageUrl: null })
      .where(and(eq(storyContent.userId, owner.id), eq(storyContent.layer, 1)));
    expect((await share(owner, json)).status).toBe(409);
    // Layer 2 has nothing at all.
    expect((await share(owner, { ...json, layer: 2 })).status).toBe(409);
    expect(await storedPosts(group.id)).toHaveLength(0);
  });

  it("copies the reader's own illustration into the post as its image", async () => {
    const owner = await signUpUser(t);
    const group = await createGroup(owner);
    await readLayerOne(owner);
    const page = await call(t, `/api/stories/${LEVEL_ONE}`, { cookie: owner.cookie });
    const storyImage: string = page.data.layers[0].imageUrl;

    const response = await share(owner, {
      layer: 1,
      groupId: group.id,
      text: "In the beginning, God! 🌅",
      attachIllustration: true,
    });
    expect(response.status, response.text).toBe(201);
    const { post } = response.data;
    expect(post.mediaType).toBe("image");
    expect(post.mediaUrl).toMatch(new RegExp(`^/uploads/user-uploads/${owner.id}/posts/.+\\.webp$`));
    const asOwner = { headers: { cookie: owner.cookie } };
    const picture = await t.app.request(`${TEST_APP_URL}${post.mediaUrl}`, asOwner);
    expect(picture.status).toBe(200);
    expect((await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).format).toBe("webp");
    expect((await postsOf(owner, group.id))[0]?.mediaUrl).toBe(post.mediaUrl);

    // Deleting the post takes its copy, never the story's own picture.
    const deleted = await call(t, `/api/groups/${group.id}/posts/${post.id}`, {
      cookie: owner.cookie,
      method: "DELETE",
    });
    expect(deleted.status).toBe(204);
    expect((await t.app.request(`${TEST_APP_URL}${post.mediaUrl}`, asOwner)).status).toBe(404);
    expect((await t.app.request(`${TEST_APP_URL}${storyImage}`, asOwner)).status).toBe(200);
  });

  it("never attaches someone else's illustration", async () => {
    const owner = await signUpUser(t);
    const group = await createGroup(owner);
    const friend = await signUpUser(t);
    await joinGroup(friend, group);
    await readLayerOne(owner);
    const response = await share(friend, {
      layer: 1,
      groupId: group.id,
      text: "Wow",
      attachIllustration: true,
    });
    expect(response.status).toBe(409);
  });
});
