import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataExportFileName } from "../../../core/schemas/profile";
import { commentAs, groupWithMembers, postAs } from "../../test/fixtures";
import { call, createGroupAs, createTestApp, signUpUser, type TestApp } from "../../test/harness";
import { parseSseEvents } from "../../test/sse";
import { exportUserData } from "./export";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUpUser>>;

const LEVEL_ONE = "creation";

async function chat(groupId: string, user: User, body: string) {
  const response = await call(t, `/api/groups/${groupId}/messages`, { cookie: user.cookie, json: { body } });
  expect(response.status, response.text).toBe(201);
}

async function ask(user: User, question: string) {
  const response = await call(t, "/api/qna/ask", { cookie: user.cookie, json: { question } });
  expect(response.status, response.text).toBe(200);
  return parseSseEvents(response.text);
}

/** Everything a busy reader does, each text marked with `mark` so that it can be found in any export. */
async function beActive(user: User, groupId: string, mark: string, otherPostId?: string) {
  await call(t, "/api/profile", { method: "PATCH", cookie: user.cookie, json: { bio: `Bio ${mark}` } });
  const picture = await sharp({ create: { width: 32, height: 32, channels: 3, background: "red" } })
    .png()
    .toBuffer();
  const own = await postAs(
    t,
    user,
    { id: groupId },
    {
      title: `Title ${mark}`,
      content: `Post ${mark}`,
      file: { bytes: picture, name: "a.png", type: "image/png" },
    },
  );
  const target = otherPostId ?? own.id;
  const note = await commentAs(t, user, { id: target, groupId }, `Comment ${mark}`);
  await chat(groupId, user, `Chat ${mark}`);
  await call(t, `/api/groups/${groupId}/posts/${target}/reaction`, {
    cookie: user.cookie,
    json: { type: "pray" },
  });
  await call(t, `/api/groups/${groupId}/comments/${note.id}/reaction`, {
    cookie: user.cookie,
    json: { type: "love" },
  });
  const folder = await call(t, "/api/qna/folders", {
    cookie: user.cookie,
    json: { name: `Folder ${mark}`, color: "green" },
  });
  expect(folder.status, folder.text).toBe(201);
  await ask(user, `Who built the ark ${mark}?`);
  const generated = await call(t, `/api/stories/${LEVEL_ONE}/layers/1/generate`, {
    method: "POST",
    cookie: user.cookie,
  });
  expect(generated.status).toBe(200);
  return own;
}

const download = (user: User) => call(t, "/api/profile/export", { cookie: user.cookie });

describe("GET /api/profile/export", () => {
  it("refuses a visitor", async () => {
    expect((await call(t, "/api/profile/export")).status).toBe(401);
  });

  it("is a JSON download of the reader's account, profile, progress, writing, questions and notifications", async () => {
    const { owner, group, members } = await groupWithMembers(t, { members: 1, name: "Ark builders" });
    const [reader] = members;
    const ownerPost = await postAs(t, owner, group, {
      title: "Hello",
      content: `Welcome @${reader.username}`,
    });
    await beActive(reader, group.id, "reader-mark", ownerPost.id);

    const response = await download(reader);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="${dataExportFileName(new Date())}"`,
    );
    expect(response.headers.get("content-disposition")).toMatch(/lamplight-data-\d{4}-\d{2}-\d{2}\.json/);
    expect(response.headers.get("cache-control")).toBe("no-store");

    const data = response.data;
    expect(data.account).toEqual({ email: reader.email, createdAt: expect.any(String) });
    expect(data.profile).toMatchObject({
      username: reader.username,
      bio: "Bio reader-mark",
      level: expect.any(Number),
      xp: 10,
      role: "member",
    });
    expect(data.profile).toHaveProperty("avatarUrl");
    expect(data.achievements.map((a: { id: string }) => a.id)).toContain("group_leader");
    expect(data.storyProgress).toEqual([
      expect.objectContaining({ story: expect.objectContaining({ slug: LEVEL_ONE }), currentLayer: 1 }),
    ]);
    expect(data.storyContent).toEqual([
      expect.objectContaining({
        story: expect.objectContaining({ slug: LEVEL_ONE }),
        layer: 1,
        content: expect.stringMatching(/\w/),
        imageUrl: expect.stringContaining(`story-images/${reader.id}/`),
      }),
    ]);
    expect(data.readingDays).toHaveLength(1);
    expect(data.groups).toEqual([{ name: "Ark builders", role: "member", joinedAt: expect.any(String) }]);
    expect(data.posts).toEqual([
      expect.objectContaining({
        group: "Ark builders",
        title: "Title reader-mark",
        content: "Post reader-mark",
        mediaType: "image",
        mediaUrl: expect.stringContaining(`user-uploads/${reader.id}/posts/`),
      }),
    ]);
    expect(data.comments).toEqual([
      expect.objectContaining({
        group: "Ark builders",
        postId: ownerPost.id,
        content: "Comment reader-mark",
      }),
    ]);
    expect(data.chatMessages).toEqual([
      expect.objectContaining({ group: "Ark builders", body: "Chat reader-mark" }),
    ]);
    expect(data.reactions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ on: "post", id: ownerPost.id, type: "pray", group: "Ark builders" }),
        expect.objectContaining({ on: "comment", type: "love", group: "Ark builders" }),
      ]),
    );
    expect(data.qna.folders).toEqual([
      expect.objectContaining({ name: "Folder reader-mark", color: "green" }),
    ]);
    expect(data.qna.conversations).toHaveLength(1);
    const [conversation] = data.qna.conversations;
    expect(conversation.messages.map((m: { from: string }) => m.from)).toEqual(["you", "helper"]);
    expect(conversation.messages[0].content).toBe("Who built the ark reader-mark?");
    expect(conversation.messages[1].content.length).toBeGreaterThan(0);
    // The mention by the owner reached the reader's bell, and so their export.
    expect(data.notifications).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: "post_mention", group: "Ark builders" })]),
    );
  });

  it("never carries another user's data, even from the same groups", async () => {
    const { owner: a, group, members } = await groupWithMembers(t, { members: 1, name: "Lions den" });
    const [b] = members;
    const aPost = await beActive(a, group.id, "a-mark");
    // B is active everywhere A is, on A's own post too, and reacts to it so that A is told.
    await beActive(b, group.id, "b-mark", aPost.id);
    await call(t, "/api/reports", {
      cookie: b.cookie,
      json: { targetType: "post", targetId: aPost.id, reason: "other", note: "b-mark note" },
    });

    const exportA = await download(a);
    expect(exportA.status).toBe(200);
    const text = exportA.text;
    expect(text).toContain("a-mark");
    expect(text).toContain(a.email);
    expect(text).not.toContain(b.email);
    expect(text).not.toContain("b-mark");
    expect(text).not.toContain(b.id);
    // B's name is in A's bell ("… reacted to your post"), and nowhere else.
    const withoutNotifications = JSON.stringify({ ...exportA.data, notifications: [] });
    expect(JSON.stringify(exportA.data.notifications)).toContain(b.username);
    expect(withoutNotifications).not.toContain(b.username);

    const exportB = (await download(b)).text;
    expect(exportB).toContain("b-mark");
    expect(exportB).not.toContain(a.email);
    expect(exportB).not.toContain("a-mark");
  });

  it("reads a busy account in as many queries as an empty one", async () => {
    /** The export's queries, counted where each one starts. */
    const countQueries = async (userId: string) => {
      let queries = 0;
      const counting = new Proxy(t.db, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver);
          if (property !== "select" || typeof value !== "function") return value;
          return (...args: unknown[]) => {
            queries += 1;
            return value.apply(target, args);
          };
        },
      });
      const data = await exportUserData(counting, userId);
      return { queries, data };
    };
    const quiet = await signUpUser(t);
    const busy = await signUpUser(t);
    const group = await createGroupAs(t, busy, "Many things");
    for (let i = 0; i < 3; i++) await ask(busy, `Question number ${i}`);
    for (let i = 0; i < 3; i++) await chat(group.id, busy, `Message ${i}`);

    const empty = await countQueries(quiet.id);
    const full = await countQueries(busy.id);
    expect(full.queries).toBe(empty.queries);
    // Every conversation's messages arrive, however many conversations there are.
    expect(full.data.qna.conversations).toHaveLength(3);
    expect(full.data.qna.conversations.every((c) => c.messages.length === 2)).toBe(true);
    expect(full.data.chatMessages).toHaveLength(3);
  });
});
