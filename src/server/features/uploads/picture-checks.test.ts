import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { PICTURE_REFUSED } from "../../../core/schemas/moderation";
import { createOpenAiPictureModerator } from "../../adapters/moderation/pictures";
import { groupPosts, profiles, studyGroups } from "../../db/schema";
import { type FakeOpenAi, startFakeOpenAi } from "../../test/fakes/openai";
import {
  call,
  createGroupAs,
  createTestApp,
  signUpUser,
  signUpUserWithRole,
  type TestApp,
  type TestUser,
} from "../../test/harness";

// Issue 18, item 7: members' uploads (post photos, avatars) shown to the picture model before anyone else sees
// them, against a fake of OpenAI's moderation endpoint. Illustrations: src/server/features/stories.

const UNAVAILABLE = "picture moderation unavailable; the picture was not checked";

let fake: FakeOpenAi;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await createTestApp({
    pictureModerator: createOpenAiPictureModerator({
      baseUrl: fake.baseUrl,
      apiKey: fake.apiKey,
      timeoutMs: 300,
    }),
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const photo = () =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: "orange" } })
    .png()
    .toBuffer();

function form(fields: Record<string, string>, bytes: Buffer, name = "photo.png") {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  body.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "image/png" }));
  return body;
}

const filesOf = (user: TestUser, folder: "posts" | "avatar") => {
  const dir = join(t.dataDir, "uploads", "user-uploads", user.id, folder);
  return existsSync(dir) ? readdirSync(dir) : [];
};
const pictureChecks = () => fake.requests.filter((request) => request.path === "/v1/moderations");

/** A member's group that shows media at once, so that only the picture check can hold a photo back. */
async function openGroup(member: TestUser) {
  const group = await createGroupAs(t, member);
  await t.db.update(studyGroups).set({ approveMediaFirst: false }).where(eq(studyGroups.id, group.id));
  return group;
}

const newPost = (user: TestUser, groupId: string, bytes: Buffer) =>
  call(t, `/api/groups/${groupId}/posts`, {
    cookie: user.cookie,
    body: form({ title: "Our picnic", content: "Sunny!" }, bytes),
  });

describe("a post photo checked by the moderation model", () => {
  it("is shown at once when the model allows it", async () => {
    const member = await signUpUser(t);
    const group = await openGroup(member);
    const response = await newPost(member, group.id, await photo());
    expect(response.status, response.text).toBe(201);
    expect(response.data.mediaPending).toBeFalsy();
    expect(pictureChecks()).toHaveLength(1);
  });

  it("is refused with 422 when flagged, with no post and no file", async () => {
    const member = await signUpUser(t);
    const group = await openGroup(member);
    fake.behave("ok", { flagged: true });
    const response = await newPost(member, group.id, await photo());
    expect(response.status).toBe(422);
    expect(response.data.error).toEqual({ code: "picture_refused", message: PICTURE_REFUSED });
    expect(await t.db.select().from(groupPosts).where(eq(groupPosts.groupId, group.id))).toEqual([]);
    expect(filesOf(member, "posts")).toEqual([]);
  });

  it.each([
    ["answers with an error", "500"],
    ["does not answer in time", "stall"],
  ] as const)("waits for a leader when the model %s, even where media shows at once", async (_name, mode) => {
    const member = await signUpUser(t);
    const group = await openGroup(member);
    const warn = vi.spyOn(t.logger, "warn");
    fake.behave(mode);
    const response = await newPost(member, group.id, await photo());
    expect(response.status, response.text).toBe(201);
    const [row] = await t.db.select().from(groupPosts).where(eq(groupPosts.id, response.data.id));
    expect(row?.mediaStatus).toBe("pending");
    expect(warn.mock.calls).toEqual([
      [expect.objectContaining({ kind: "post", userId: member.id, provider: "openai" }), UNAVAILABLE],
    ]);
    warn.mockRestore();
  });
});

describe("an avatar checked by the moderation model", () => {
  const upload = (user: TestUser, bytes: Buffer) =>
    call(t, "/api/profile/avatar", { cookie: user.cookie, body: form({}, bytes, "me.png") });

  it("is refused with 422 when flagged, leaving the profile as it was", async () => {
    const member = await signUpUser(t);
    fake.behave("ok", { flagged: true });
    const response = await upload(member, await photo());
    expect(response.status).toBe(422);
    expect(response.data.error.message).toBe(PICTURE_REFUSED);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, member.id));
    expect([row?.avatarUrl, row?.pendingAvatarUrl]).toEqual([null, null]);
    expect(filesOf(member, "avatar")).toEqual([]);
  });

  it("waits for a leader as every member's does when the model is down; a leader's shows at once", async () => {
    const member = await signUpUser(t);
    const leader = await signUpUserWithRole(t, "leader");
    const warn = vi.spyOn(t.logger, "warn");
    fake.behave("500");
    const mine = await upload(member, await photo());
    expect(mine.status, mine.text).toBe(200);
    expect(mine.data.avatarPending).toBe(true);
    const theirs = await upload(leader, await photo());
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.data.avatarPending).toBe(false);
    expect(warn.mock.calls.map((call) => call[1])).toEqual([UNAVAILABLE, UNAVAILABLE]);
    warn.mockRestore();
  });
});
