import { existsSync } from "node:fs";
import { join } from "node:path";
import { eq, type SQL, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETED_USER_NAME } from "../../../core/schemas/feed";
import { ACCOUNT_MESSAGES } from "../../../core/schemas/profile";
import {
  accounts,
  auditLog,
  conversations,
  groupMembers,
  groupMessages,
  groupPosts,
  postComments,
  profiles,
  sessions,
  storyContent,
  storyProgress,
  studyGroups,
  users,
} from "../../db/schema";
import { commentAs, groupWithMembers, postAs } from "../../test/fixtures";
import {
  call,
  createGroupAs,
  createTestApp,
  joinGroupAs,
  signUpUser,
  type TestApp,
} from "../../test/harness";
import { openEventStream } from "../../test/sse";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUpUser>>;

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#fbbf24" } })
    .png()
    .toBuffer();

/** A raw query's rows: node-postgres answers with `{ rows }`, PGlite's driver with the rows themselves. */
async function rowsOf<Row = Record<string, unknown>>(query: SQL): Promise<Row[]> {
  const result = (await t.db.execute(query)) as unknown as { rows?: Row[] } | Row[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

const deleteAccount = (user: User, json: unknown) =>
  call(t, "/api/profile", { method: "DELETE", cookie: user.cookie, json });

const fileOf = (url: string) =>
  join(t.dataDir, "uploads", url.replace(/^\/uploads\//, "").split("?")[0] ?? "");

async function uploadAvatar(user: User) {
  const body = new FormData();
  body.append("file", new File([(await png()) as Uint8Array<ArrayBuffer>], "me.png", { type: "image/png" }));
  const response = await call(t, "/api/profile/avatar", { cookie: user.cookie, body });
  expect(response.status, response.text).toBe(200);
  return response.data.avatarUrl as string;
}

/** A post with a picture, with the media URL as stored (the feed hides it until a leader approves it). */
async function postWithPicture(group: { id: string }, user: User, title: string, content: string) {
  const file = { bytes: await png(), name: "a.png", type: "image/png" };
  const post = await postAs(t, user, group, { title, content, file });
  const [row] = await t.db.select().from(groupPosts).where(eq(groupPosts.id, post.id));
  return { ...post, mediaUrl: row?.mediaUrl ?? null };
}

describe("DELETE /api/profile", () => {
  it("refuses a visitor, and a missing or overlong password with a clear message", async () => {
    expect((await call(t, "/api/profile", { method: "DELETE", json: { password: "x" } })).status).toBe(401);
    const user = await signUpUser(t);
    const missing = await deleteAccount(user, {});
    expect(missing.status).toBe(400);
    expect(missing.data.error.message).toBe(ACCOUNT_MESSAGES.passwordRequired);
    const empty = await deleteAccount(user, { password: "" });
    expect(empty.status).toBe(400);
    const long = await deleteAccount(user, { password: "x".repeat(129) });
    expect(long.status).toBe(400);
    const notJson = await call(t, "/api/profile", {
      method: "DELETE",
      cookie: user.cookie,
      body: "password=x",
      headers: { "content-type": "text/plain" },
    });
    expect(notJson.status).toBeLessThan(500);
    expect((await call(t, "/api/profile", { cookie: user.cookie })).status).toBe(200);
  });

  it("refuses a wrong password with 403 and changes nothing", async () => {
    const user = await signUpUser(t);
    const group = await createGroupAs(t, user, "Still mine");
    const avatarUrl = await uploadAvatar(user);
    const response = await deleteAccount(user, { password: "not-my-password" });
    expect(response.status).toBe(403);
    expect(response.data.error.message).toBe("That password is not right.");
    expect(response.headers.getSetCookie()).toEqual([]);

    expect((await call(t, "/api/profile", { cookie: user.cookie })).data).toMatchObject({
      id: user.id,
      avatarUrl,
    });
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    const [owned] = await t.db.select().from(studyGroups).where(eq(studyGroups.id, group.id));
    expect(owned?.ownerId).toBe(user.id);
    expect(existsSync(fileOf(avatarUrl))).toBe(true);
  });

  it("stops guessing after 5 wrong passwords, even the right one", async () => {
    const user = await signUpUser(t);
    for (let i = 0; i < 5; i++)
      expect((await deleteAccount(user, { password: `guess-${i}` })).status).toBe(403);
    const limited = await deleteAccount(user, { password: user.password });
    expect(limited.status).toBe(429);
    expect(limited.data.error.message).toBe(ACCOUNT_MESSAGES.tooManyAttempts);
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
  });

  it("removes the account, its personal data and files; what it wrote stays, by 'deleted user'", async () => {
    const leaving = await signUpUser(t);
    await call(t, "/api/profile", {
      method: "PATCH",
      cookie: leaving.cookie,
      json: { bio: "My secret bio words" },
    });
    const avatarUrl = await uploadAvatar(leaving);

    const { group: shared, members } = await groupWithMembers(t, {
      owner: leaving,
      members: 2,
      name: "Shared group",
    });
    const [first, second] = members; // `first` joined first: the next owner
    const solo = await createGroupAs(t, leaving, "Solo group");
    const theirs = await createGroupAs(t, first, "First's group");
    await joinGroupAs(t, leaving, theirs);

    const leavingPost = await postWithPicture(shared, leaving, "My post", `Hi @${first.username}`);
    const soloPost = await postWithPicture(solo, leaving, "Alone", "Just me");
    const firstPost = await postWithPicture(shared, first, "First's post", "Hello");
    expect(leavingPost.mediaUrl).not.toBeNull();
    const comment = await commentAs(t, leaving, firstPost, "A comment that stays");
    await call(t, `/api/groups/${shared.id}/posts/${firstPost.id}/reaction`, {
      cookie: leaving.cookie,
      json: { type: "love" },
    });
    const message = await call(t, `/api/groups/${theirs.id}/messages`, {
      cookie: leaving.cookie,
      json: { body: "A message that stays" },
    });
    expect(message.status).toBe(201);
    expect(
      (await call(t, "/api/qna/ask", { cookie: leaving.cookie, json: { question: "Who was Noah?" } })).status,
    ).toBe(200);
    const generated = await call(t, "/api/stories/creation/layers/1/generate", {
      method: "POST",
      cookie: leaving.cookie,
    });
    expect(generated.status).toBe(200);
    const [content] = await t.db.select().from(storyContent).where(eq(storyContent.userId, leaving.id));
    const illustrationUrl = content?.imageUrl ?? "";
    expect(existsSync(fileOf(illustrationUrl))).toBe(true);
    // A leader's action on record, and a failed sign-in counted under the email.
    await t.db.update(profiles).set({ role: "leader" }).where(eq(profiles.id, leaving.id));
    await t.db.insert(auditLog).values({
      actorId: leaving.id,
      action: "dismiss",
      targetType: "post",
      targetId: firstPost.id,
      reason: "fine",
    });
    await call(t, "/api/auth/sign-in/email", { json: { email: leaving.email, password: "wrong-one" } });

    const stream = await openEventStream(t, leaving.cookie);
    const response = await deleteAccount(leaving, { password: leaving.password });
    expect(response.status).toBe(204);
    // The browser's session cookie is cleared, and the session itself is gone.
    expect(response.headers.getSetCookie().some((c) => /^lamplight\.session_token=;/.test(c))).toBe(true);
    expect((await call(t, "/api/profile", { cookie: leaving.cookie })).status).toBe(401);
    // Their open tab is told to stop carrying their groups.
    const event = await stream.next();
    expect(event).toMatchObject({ type: "membership" });
    await stream.close();

    // Personal rows are gone.
    for (const [table, column] of [
      [users, users.id],
      [profiles, profiles.id],
      [sessions, sessions.userId],
      [accounts, accounts.userId],
      [storyProgress, storyProgress.userId],
      [storyContent, storyContent.userId],
      [conversations, conversations.userId],
      [groupMembers, groupMembers.userId],
    ] as const) {
      expect(await t.db.select().from(table).where(eq(column, leaving.id))).toEqual([]);
    }
    // The email and the bio are nowhere in the database.
    const tables = await rowsOf<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(20);
    for (const { table_name } of tables) {
      const text = JSON.stringify(
        await rowsOf(sql`select * from ${sql.identifier(table_name)}`),
      ).toLowerCase();
      expect(text, table_name).not.toContain(leaving.email.toLowerCase());
      expect(text, table_name).not.toContain("my secret bio words");
    }

    // (After the scan: a failed sign-in is counted under the address it tried.)
    const signIn = await call(t, "/api/auth/sign-in/email", {
      json: { email: leaving.email, password: leaving.password },
    });
    expect(signIn.status).toBe(401);

    // What they wrote stays, with no author and no media.
    const [keptPost] = await t.db.select().from(groupPosts).where(eq(groupPosts.id, leavingPost.id));
    expect(keptPost).toMatchObject({ authorId: null, mediaUrl: null, mediaType: null, mediaStatus: null });
    const [keptComment] = await t.db.select().from(postComments).where(eq(postComments.id, comment.id));
    expect(keptComment).toMatchObject({ authorId: null, content: "A comment that stays" });
    const [keptMessage] = await t.db
      .select()
      .from(groupMessages)
      .where(eq(groupMessages.id, message.data.id));
    expect(keptMessage).toMatchObject({ senderId: null, body: "A message that stays" });

    // …and another member sees it by "deleted user".
    const deletedUser = { id: null, username: DELETED_USER_NAME, avatarUrl: null };
    const feed = await call(t, `/api/groups/${shared.id}/posts`, { cookie: first.cookie });
    expect(feed.data.posts.find((p: { id: string }) => p.id === leavingPost.id)).toMatchObject({
      author: deletedUser,
      mediaUrl: null,
    });
    const comments = await call(t, `/api/groups/${shared.id}/posts/${firstPost.id}/comments`, {
      cookie: first.cookie,
    });
    expect(comments.data.comments[0]).toMatchObject({ content: "A comment that stays", author: deletedUser });
    const chat = await call(t, `/api/groups/${theirs.id}/messages`, { cookie: first.cookie });
    expect(chat.data.messages.at(-1)).toMatchObject({ body: "A message that stays", sender: deletedUser });
    // The mention still tells `first` about the post, but no longer by the name.
    const bell = await call(t, "/api/notifications", { cookie: first.cookie });
    const mention = bell.data.notifications.find((n: { type: string }) => n.type === "post_mention");
    expect(mention).toMatchObject({
      message: `${DELETED_USER_NAME} mentioned you in a post: My post`,
      sender: null,
    });
    expect(JSON.stringify(bell.data)).not.toContain(leaving.username);

    // The shared group went to the member who joined first; the group they were alone in is gone.
    const [handedOn] = await t.db.select().from(studyGroups).where(eq(studyGroups.id, shared.id));
    expect(handedOn?.ownerId).toBe(first.id);
    expect((await call(t, `/api/groups/${shared.id}`, { cookie: first.cookie })).data.role).toBe("owner");
    expect((await call(t, `/api/groups/${shared.id}`, { cookie: second.cookie })).data.role).toBe("member");
    expect(await t.db.select().from(studyGroups).where(eq(studyGroups.id, solo.id))).toEqual([]);
    expect(await t.db.select().from(groupPosts).where(eq(groupPosts.id, soloPost.id))).toEqual([]);
    expect(await t.db.select().from(studyGroups).where(eq(studyGroups.id, theirs.id))).toHaveLength(1);

    // Their files are removed; other people's stay.
    for (const url of [avatarUrl, leavingPost.mediaUrl ?? "", soloPost.mediaUrl ?? "", illustrationUrl]) {
      expect(existsSync(fileOf(url)), url).toBe(false);
    }
    expect(existsSync(fileOf(firstPost.mediaUrl ?? ""))).toBe(true);

    // A leader's record stays, by nobody.
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, firstPost.id));
    expect(audit).toEqual([expect.objectContaining({ actorId: null, action: "dismiss" })]);
  });

  it("still deletes the account when a file cannot be removed", async () => {
    const user = await signUpUser(t);
    await uploadAvatar(user);
    const original = t.storage.delete;
    t.storage.delete = async () => {
      throw new Error("storage is down");
    };
    try {
      expect((await deleteAccount(user, { password: user.password })).status).toBe(204);
    } finally {
      t.storage.delete = original;
    }
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
  });
});
