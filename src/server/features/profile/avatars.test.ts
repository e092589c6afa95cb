import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT_IN_AVATARS, builtInAvatarUrl } from "../../../core/avatars";
import type { FeedPost } from "../../../core/schemas/feed";
import { AVATAR_MESSAGES } from "../../../core/schemas/profile";
import { profiles } from "../../db/schema";
import {
  call,
  createGroupAs,
  createTestApp,
  joinGroupAs,
  parallel,
  signUpUser,
  signUpUserWithRole,
  type TestApp,
  type TestUser,
} from "../../test/harness";

// Issue 18, items 5 and 6 from the owner's side: a member's upload waits for a leader (its owner sees it at
// once, everyone else the first letter), a leader's shows at once, and a built-in picture needs no approval.

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#38bdf8" } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const UPLOADED = /^\/uploads\/user-uploads\/[\w-]+\/avatar\/\d+\.webp$/;

function upload(user: TestUser) {
  const body = new FormData();
  body.append("file", new File([png as Uint8Array<ArrayBuffer>], "me.png", { type: "image/png" }));
  return call(t, "/api/profile/avatar", { cookie: user.cookie, body });
}

async function uploaded(user: TestUser) {
  const response = await upload(user);
  expect(response.status, response.text).toBe(200);
  return response.data as { avatarUrl: string; avatarPending: boolean };
}

const chooseBuiltIn = (user: TestUser, id: unknown) =>
  call(t, "/api/profile/avatar/built-in", { method: "PUT", cookie: user.cookie, json: { id } });

const ownProfile = async (user: TestUser) => (await call(t, "/api/profile", { cookie: user.cookie })).data;

const stored = async (user: TestUser) =>
  (await t.db.select().from(profiles).where(eq(profiles.id, user.id)))[0];

const avatarFiles = (user: TestUser) => {
  const dir = join(t.dataDir, "uploads", "user-uploads", user.id, "avatar");
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

const fileExists = (url: string) => existsSync(join(t.dataDir, "uploads", url.replace(/^\/uploads\//, "")));

/** What another member of the group is shown as this user's picture: on their post in the feed. */
async function seenByOthers(group: { id: string }, owner: TestUser, viewer: TestUser) {
  const form = new FormData();
  form.set("title", "Hello");
  form.set("content", "Hi everyone");
  const created = await call(t, `/api/groups/${group.id}/posts`, { cookie: owner.cookie, body: form });
  expect(created.status, created.text).toBe(201);
  const feed = await call(t, `/api/groups/${group.id}/posts`, { cookie: viewer.cookie });
  const post = (feed.data.posts as FeedPost[]).find((item) => item.id === created.data.id);
  return post?.author.avatarUrl;
}

async function groupOf(...users: TestUser[]) {
  const owner = await signUpUser(t);
  const group = await createGroupAs(t, owner, "Ark builders");
  for (const user of users) await joinGroupAs(t, user, group);
  return group;
}

describe("a member's uploaded picture", () => {
  it("waits for a leader: its owner sees it at once, everyone else the first letter", async () => {
    const member = await signUpUser(t);
    const friend = await signUpUser(t);
    const group = await groupOf(member, friend);
    const change = await uploaded(member);
    expect(change.avatarUrl).toMatch(UPLOADED);
    expect(change.avatarUrl).toContain(`/user-uploads/${member.id}/avatar/`);
    expect(change.avatarPending).toBe(true);

    expect(await ownProfile(member)).toMatchObject({ avatarUrl: change.avatarUrl, avatarPending: true });
    const row = await stored(member);
    expect(row).toMatchObject({ avatarUrl: null, pendingAvatarUrl: change.avatarUrl });
    expect(row?.pendingAvatarAt).toBeInstanceOf(Date);
    expect(await seenByOthers(group, member, friend)).toBeNull();
    expect(fileExists(change.avatarUrl)).toBe(true);
  });

  it("takes away the approved picture others saw, and removes the replaced files", async () => {
    const member = await signUpUser(t);
    const friend = await signUpUser(t);
    const group = await groupOf(member, friend);
    const first = await uploaded(member);
    // As a leader's approval leaves it.
    await t.db
      .update(profiles)
      .set({ avatarUrl: first.avatarUrl, pendingAvatarUrl: null, pendingAvatarAt: null })
      .where(eq(profiles.id, member.id));
    expect(await seenByOthers(group, member, friend)).toBe(first.avatarUrl);

    const second = await uploaded(member);
    expect(await seenByOthers(group, member, friend)).toBeNull();
    const third = await uploaded(member);
    expect(await stored(member)).toMatchObject({ avatarUrl: null, pendingAvatarUrl: third.avatarUrl });
    expect(fileExists(first.avatarUrl)).toBe(false);
    expect(fileExists(second.avatarUrl)).toBe(false);
    expect(avatarFiles(member)).toHaveLength(1);
  });

  it("leaves one picture with its file when two uploads race, however they interleave", async () => {
    const member = await signUpUser(t);
    for (let round = 0; round < 3; round++) {
      const responses = await parallel(4, () => upload(member));
      expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
      const urls = new Set(responses.map((response) => response.data.avatarUrl));
      // Every upload got a file of its own.
      expect(urls.size).toBe(4);
      const row = await stored(member);
      expect(row?.avatarUrl).toBeNull();
      expect(urls.has(row?.pendingAvatarUrl)).toBe(true);
      expect(fileExists(row?.pendingAvatarUrl ?? "")).toBe(true);
      // The others' files went: none is left without a row.
      expect(avatarFiles(member)).toEqual([row?.pendingAvatarUrl?.split("/").at(-1)]);
    }
  });
});

describe("a leader's or an admin's uploaded picture", () => {
  it.each(["leader", "admin"] as const)(
    "shows at once for a %s, and drops anything waiting",
    async (role) => {
      const privileged = await signUpUserWithRole(t, role);
      const friend = await signUpUser(t);
      const group = await groupOf(privileged, friend);
      // One waiting from before the role was given.
      const waiting = await t.db
        .update(profiles)
        .set({
          pendingAvatarUrl: `/uploads/user-uploads/${privileged.id}/avatar/1.webp`,
          pendingAvatarAt: new Date(),
        })
        .where(eq(profiles.id, privileged.id))
        .returning();
      expect(waiting).toHaveLength(1);

      const change = await uploaded(privileged);
      expect(change.avatarPending).toBe(false);
      expect(await ownProfile(privileged)).toMatchObject({
        avatarUrl: change.avatarUrl,
        avatarPending: false,
      });
      expect(await stored(privileged)).toMatchObject({
        avatarUrl: change.avatarUrl,
        pendingAvatarUrl: null,
        pendingAvatarAt: null,
      });
      expect(await seenByOthers(group, privileged, friend)).toBe(change.avatarUrl);
    },
  );
});

describe("PUT /api/profile/avatar/built-in", () => {
  it("shows a built-in picture to everyone at once, dropping the waiting upload and its file", async () => {
    const member = await signUpUser(t);
    const friend = await signUpUser(t);
    const group = await groupOf(member, friend);
    const waiting = await uploaded(member);

    const response = await chooseBuiltIn(member, "lamb");
    expect(response.status, response.text).toBe(200);
    expect(response.data).toEqual({ avatarUrl: builtInAvatarUrl("lamb"), avatarPending: false });
    expect(await ownProfile(member)).toMatchObject({ avatarUrl: "/avatars/lamb.svg", avatarPending: false });
    expect(await stored(member)).toMatchObject({
      avatarUrl: "/avatars/lamb.svg",
      pendingAvatarUrl: null,
      pendingAvatarAt: null,
    });
    expect(await seenByOthers(group, member, friend)).toBe("/avatars/lamb.svg");
    expect(fileExists(waiting.avatarUrl)).toBe(false);
    expect(avatarFiles(member)).toEqual([]);
  });

  it("removes an approved upload's file when a built-in picture replaces it", async () => {
    const leader = await signUpUserWithRole(t, "leader");
    const live = await uploaded(leader);
    expect((await chooseBuiltIn(leader, "whale")).status).toBe(200);
    expect(fileExists(live.avatarUrl)).toBe(false);
    expect((await stored(leader))?.avatarUrl).toBe("/avatars/whale.svg");
  });

  it("accepts every built-in id", async () => {
    const member = await signUpUser(t);
    for (const { id } of BUILT_IN_AVATARS) {
      const response = await chooseBuiltIn(member, id);
      expect(response.status).toBe(200);
      expect(response.data.avatarUrl).toBe(`/avatars/${id}.svg`);
    }
  });

  it.each([
    ["an unknown id", "unicorn"],
    ["a path", "../../etc/passwd"],
    ["an address", "https://example.com/me.png"],
    ["a number", 3],
  ])("refuses %s with a clear message and changes nothing", async (_label, id) => {
    const member = await signUpUser(t);
    const response = await chooseBuiltIn(member, id);
    expect(response.status).toBe(400);
    expect(response.data.error.message).toBe(AVATAR_MESSAGES.chooseBuiltIn);
    expect((await stored(member))?.avatarUrl).toBeNull();
  });

  it("refuses a visitor, and a request from another site", async () => {
    expect(
      (await call(t, "/api/profile/avatar/built-in", { method: "PUT", json: { id: "lamb" } })).status,
    ).toBe(401);
    const member = await signUpUser(t);
    const crossSite = await call(t, "/api/profile/avatar/built-in", {
      method: "PUT",
      cookie: member.cookie,
      headers: { origin: "https://evil.example" },
      json: { id: "lamb" },
    });
    expect(crossSite.status).toBe(403);
    expect((await stored(member))?.avatarUrl).toBeNull();
  });
});

describe("GET /api/profile/members/:userId", () => {
  it("shows a groupmate's card with the picture others see, never the waiting one", async () => {
    const member = await signUpUser(t);
    const friend = await signUpUser(t);
    const group = await groupOf(member, friend);
    await call(t, "/api/profile", { method: "PATCH", cookie: member.cookie, json: { bio: "I like Noah" } });
    await uploaded(member);

    const response = await call(t, `/api/profile/members/${member.id}?groupId=${group.id}`, {
      cookie: friend.cookie,
    });
    expect(response.status).toBe(200);
    expect(response.data).toEqual({
      id: member.id,
      username: member.username,
      bio: "I like Noah",
      avatarUrl: null,
      level: 1,
      // Members never learn who has a parent linked; leaders do (src/server/features/family/family.test.ts).
      parentAgreed: null,
    });
    expect(response.text).not.toContain(member.email);
  });

  it("refuses anyone outside the group (403), a member outside it (404), and a visitor (401)", async () => {
    const member = await signUpUser(t);
    const friend = await signUpUser(t);
    const stranger = await signUpUser(t);
    const group = await groupOf(member, friend);
    const otherGroup = await groupOf(stranger);
    const card = (viewer: TestUser, userId: string, groupId: string) =>
      call(t, `/api/profile/members/${userId}?groupId=${groupId}`, { cookie: viewer.cookie });

    // A stranger, through a group they are not in (as every group route refuses them) or through their own.
    const refused = await card(stranger, member.id, group.id);
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain(member.username);
    expect((await card(stranger, member.id, otherGroup.id)).status).toBe(404);
    // A member, about someone outside the group.
    expect((await card(friend, stranger.id, group.id)).status).toBe(404);
    // Made-up ids.
    expect((await card(friend, "nobody", group.id)).status).toBe(404);
    expect((await card(friend, member.id, "not-a-group")).status).toBe(404);
    expect((await call(t, `/api/profile/members/${member.id}?groupId=${group.id}`)).status).toBe(401);
  });
});

describe("the owner's data", () => {
  it("exports the waiting picture too", async () => {
    const member = await signUpUser(t);
    const waiting = await uploaded(member);
    const exported = await call(t, "/api/profile/export", { cookie: member.cookie });
    expect(exported.data.profile).toMatchObject({ avatarUrl: null, pendingAvatarUrl: waiting.avatarUrl });
  });

  it("removes both the picture others see and the waiting one when the account is deleted", async () => {
    const member = await signUpUser(t);
    const approved = await uploaded(member);
    await t.db
      .update(profiles)
      .set({ avatarUrl: approved.avatarUrl, pendingAvatarUrl: null, pendingAvatarAt: null })
      .where(eq(profiles.id, member.id));
    const waiting = await uploaded(member);
    // The upload removed the approved file; put one back, as if it were still there.
    await t.storage.put(approved.avatarUrl.replace(/^\/uploads\//, ""), new Uint8Array(png), "image/webp");
    await t.db.update(profiles).set({ avatarUrl: approved.avatarUrl }).where(eq(profiles.id, member.id));
    expect(fileExists(approved.avatarUrl) && fileExists(waiting.avatarUrl)).toBe(true);

    const deleted = await call(t, "/api/profile", {
      method: "DELETE",
      cookie: member.cookie,
      json: { password: member.password },
    });
    expect(deleted.status, deleted.text).toBe(204);
    expect(fileExists(approved.avatarUrl)).toBe(false);
    expect(fileExists(waiting.avatarUrl)).toBe(false);
  });
});
