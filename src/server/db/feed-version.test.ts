import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, parallel, type TestApp } from "../test/harness";
import { commentReactions, groupPosts, postComments, profiles, studyGroups, users } from "./schema";

// A post card shows its newest comments with their authors and reactions, so a change to either must move the
// group's feed_version (the cached page is then read again), however it was written: migrations 0013 (reactions
// on comments) and 0014 (a commenter's name or picture). Every write here goes straight to the database, past the
// app's routes.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newUser() {
  const id = randomUUID();
  await t.db.insert(users).values({ id, name: "Reader", email: `${id}@lamplight.test` });
  return id;
}

/** A group with one post and `count` comments on it. */
async function groupWithComments(ownerId: string, count: number) {
  const inviteCode = randomUUID().replaceAll("-", "").slice(0, 6).toUpperCase();
  const [group] = await t.db.insert(studyGroups).values({ name: "Readers", ownerId, inviteCode }).returning();
  if (!group) throw new Error("the group was not inserted");
  const [post] = await t.db
    .insert(groupPosts)
    .values({ groupId: group.id, authorId: ownerId, title: "Psalm 23", content: "The Lord is my shepherd" })
    .returning();
  if (!post) throw new Error("the post was not inserted");
  const comments = await t.db
    .insert(postComments)
    .values(
      Array.from({ length: count }, (_, index) => ({
        postId: post.id,
        authorId: ownerId,
        content: `#${index}`,
      })),
    )
    .returning();
  return { groupId: group.id, postId: post.id, commentIds: comments.map((comment) => comment.id) };
}

async function versionOf(groupId: string) {
  const [row] = await t.db
    .select({ version: studyGroups.feedVersion })
    .from(studyGroups)
    .where(eq(studyGroups.id, groupId));
  if (!row) throw new Error(`group ${groupId} is gone`);
  return row.version;
}

describe("a reaction on a comment", () => {
  it("moves its own group's feed version on insert, update and delete, and no other group's", async () => {
    const userId = await newUser();
    const { groupId, commentIds } = await groupWithComments(userId, 1);
    const other = await groupWithComments(userId, 1);
    const [commentId] = commentIds;
    if (!commentId) throw new Error("no comment");
    const start = await versionOf(groupId);
    const otherStart = await versionOf(other.groupId);

    await t.db.insert(commentReactions).values({ commentId, userId, reactionType: "love" });
    expect(await versionOf(groupId)).toBe(start + 1);
    await t.db
      .update(commentReactions)
      .set({ reactionType: "pray" })
      .where(eq(commentReactions.commentId, commentId));
    expect(await versionOf(groupId)).toBe(start + 2);
    await t.db.delete(commentReactions).where(eq(commentReactions.commentId, commentId));
    expect(await versionOf(groupId)).toBe(start + 3);

    expect(await versionOf(other.groupId)).toBe(otherStart);
  });

  it("moves the version once per insert when 50 arrive at once, and once per group for a bulk delete", async () => {
    const userId = await newUser();
    const { groupId, commentIds } = await groupWithComments(userId, 50);
    const other = await groupWithComments(userId, 1);
    const start = await versionOf(groupId);

    // 50 statements at once, on PostgreSQL on several connections: each moves the version, none is lost.
    await parallel(50, (index) =>
      t.db
        .insert(commentReactions)
        .values({ commentId: commentIds[index] ?? "", userId, reactionType: "like" }),
    );
    expect(await versionOf(groupId)).toBe(start + 50);

    // One statement over 50 rows moves the group once (a statement trigger), and the other group it touched too.
    await t.db
      .insert(commentReactions)
      .values({ commentId: other.commentIds[0] ?? "", userId, reactionType: "love" });
    const otherBefore = await versionOf(other.groupId);
    const deleted = await t.db
      .delete(commentReactions)
      .where(
        and(
          eq(commentReactions.userId, userId),
          inArray(commentReactions.commentId, [...commentIds, ...other.commentIds]),
        ),
      )
      .returning();
    expect(deleted).toHaveLength(51);
    expect(await versionOf(groupId)).toBe(start + 51);
    expect(await versionOf(other.groupId)).toBe(otherBefore + 1);
  });
});

describe("a commenter's new name or picture", () => {
  it("moves the group they commented in, though they are no longer a member", async () => {
    const ownerId = await newUser();
    const { groupId, postId } = await groupWithComments(ownerId, 1);
    // Not in group_members (they left) and no post of their own there: only their comment ties them to it.
    const commenterId = await newUser();
    await t.db.insert(profiles).values({ id: commenterId, username: `c${commenterId.slice(0, 8)}` });
    await t.db.insert(postComments).values({ postId, authorId: commenterId, content: "Amen" });
    const start = await versionOf(groupId);

    await t.db
      .update(profiles)
      .set({ username: `r${commenterId.slice(0, 8)}` })
      .where(eq(profiles.id, commenterId));
    expect(await versionOf(groupId)).toBe(start + 1);
    await t.db.update(profiles).set({ avatarUrl: "/avatars/lamb.svg" }).where(eq(profiles.id, commenterId));
    expect(await versionOf(groupId)).toBe(start + 2);
  });
});
