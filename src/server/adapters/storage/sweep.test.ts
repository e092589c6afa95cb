import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groupPosts, profiles, stories, storyContent } from "../../db/schema";
import { createFakeS3 } from "../../test/fakes/s3";
import { createGroupAs, createTestApp, signUpUser, type TestApp } from "../../test/harness";
import { createS3Storage } from "./s3";
import { publicUrlFor, type Storage } from "./storage";
import { SWEEP_MIN_AGE_MS, sweepStorage } from "./sweep";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const longAgo = () => new Date(Date.now() - SWEEP_MIN_AGE_MS - 10 * 60_000);

/**
 * One user's files of every kind, old unless said otherwise, and the rows that name some of them: a post's
 * media, a video (and so its poster), an avatar, a picture waiting for a leader and an illustration (its URL
 * with the `?v=` the story page adds) are named; another post file, the poster of a video no post names and
 * another layer's illustration are not. The narration cache and a folder of someone else's are never
 * named by a row. `age` makes a stored file old.
 */
async function storeFiles(storage: Storage, age: (key: string) => void) {
  const user = await signUpUser(t);
  const group = await createGroupAs(t, user, "Sweepers");
  const [story] = await t.db.select({ id: stories.id }).from(stories).limit(1);
  if (!story) throw new Error("no story seeded");
  const keys = {
    postMedia: `user-uploads/${user.id}/posts/1700000000000-aaaaaaaaaaaa.webp`,
    video: `user-uploads/${user.id}/posts/1700000000002-eeeeeeeeeeee.mp4`,
    videoPoster: `user-uploads/${user.id}/posts/1700000000002-eeeeeeeeeeee.mp4.poster.webp`,
    orphanPoster: `user-uploads/${user.id}/posts/1700000000001-bbbbbbbbbbbb.mp4.poster.webp`,
    avatar: `user-uploads/${user.id}/avatar/1700000000000.webp`,
    pendingAvatar: `user-uploads/${user.id}/avatar/1700000000003.webp`,
    illustration: `story-images/${user.id}/story-${story.id}-layer-1.png`,
    orphanPostMedia: `user-uploads/${user.id}/posts/1700000000001-bbbbbbbbbbbb.mp4`,
    orphanIllustration: `story-images/${user.id}/story-${story.id}-layer-2.png`,
    youngOrphan: `user-uploads/${user.id}/posts/${Date.now()}-cccccccccccc.webp`,
    narration: `speech/${"5e".repeat(32)}.mp3`,
    notOurs: `backups/${user.id}/nightly.dump`,
  };
  for (const key of Object.values(keys))
    await storage.put(key, new Uint8Array([1, 2, 3]), "application/octet-stream");
  for (const [name, key] of Object.entries(keys)) if (name !== "youngOrphan") age(key);

  await t.db.insert(groupPosts).values([
    {
      groupId: group.id,
      authorId: user.id,
      title: "With a picture",
      content: "Look",
      mediaUrl: publicUrlFor(keys.postMedia),
      mediaType: "image",
      mediaStatus: "pending",
    },
    {
      groupId: group.id,
      authorId: user.id,
      title: "With a clip",
      content: "Watch",
      mediaUrl: publicUrlFor(keys.video),
      mediaType: "video",
      mediaStatus: "approved",
    },
  ]);
  await t.db
    .update(profiles)
    .set({
      avatarUrl: publicUrlFor(keys.avatar),
      pendingAvatarUrl: publicUrlFor(keys.pendingAvatar),
      pendingAvatarAt: new Date(),
    })
    .where(eq(profiles.id, user.id));
  await t.db.insert(storyContent).values([
    {
      userId: user.id,
      storyId: story.id,
      layer: 1,
      content: "Text",
      imageUrl: `${publicUrlFor(keys.illustration)}?v=1`,
    },
    // A new text cleared this layer's picture: its file is named by nothing now.
    { userId: user.id, storyId: story.id, layer: 2, content: "Text", imageUrl: null },
  ]);
  return keys;
}

const ORPHANS = ["orphanPostMedia", "orphanPoster", "orphanIllustration"];

const kept = (keys: Record<string, string>, ...removed: string[]) =>
  Object.entries(keys)
    .filter(([name]) => !removed.includes(name))
    .map(([, key]) => key)
    .sort();

describe("the start-up sweep of stored files", () => {
  it("removes old partial writes and old files no row names from local disk, and nothing else", async () => {
    const root = join(t.dataDir, "uploads");
    const age = (key: string) => utimesSync(join(root, key), longAgo(), longAgo());
    const keys = await storeFiles(t.storage, age);
    // What an upload cut off between writing its file aside and renaming it leaves; a young one may be under way.
    const partial = (key: string) => {
      const path = join(root, key);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, "half");
      return key;
    };
    const oldPartials = [
      partial(`${keys.postMedia.replace("aaaa", "dddd")}.0123456789ab.partial`),
      partial(`${keys.narration}.abcdef012345.partial`),
    ];
    for (const key of oldPartials) age(key);
    const youngPartial = partial(
      `${keys.avatar.replace("1700000000000", String(Date.now()))}.0123456789ab.partial`,
    );

    expect(await sweepStorage({ storage: t.storage, db: t.db })).toEqual({ partials: 2, orphans: 3 });

    const left: string[] = [];
    for (const folder of ["user-uploads/", "story-images/", "speech/", "backups/"])
      for await (const file of t.storage.list(folder)) left.push(file.key);
    expect(left.sort()).toEqual([...kept(keys, ...ORPHANS), youngPartial].sort());
    for (const key of kept(keys, ...ORPHANS)) expect(await t.storage.get(key), key).not.toBeNull();

    // Once swept, a second start finds nothing more to remove.
    expect(await sweepStorage({ storage: t.storage, db: t.db })).toEqual({ partials: 0, orphans: 0 });
  });

  it("removes old files no row names from an S3 bucket, keeping the rest of it", async () => {
    const fake = createFakeS3({
      accessKeyId: "AKIDSWEEP",
      bucket: "lamplight-media",
      region: "eu-test-1",
      pageSize: 3,
    });
    const endpoint = await fake.start();
    try {
      const storage = createS3Storage({
        endpoint,
        bucket: "lamplight-media",
        region: "eu-test-1",
        accessKeyId: "AKIDSWEEP",
        secretAccessKey: "secret",
      });
      const keys = await storeFiles(storage, (key) => {
        const object = fake.objects.get(key);
        if (object) object.lastModified = longAgo();
      });

      expect(await sweepStorage({ storage, db: t.db })).toEqual({ partials: 0, orphans: 3 });
      expect([...fake.objects.keys()].sort()).toEqual(kept(keys, ...ORPHANS));
    } finally {
      await fake.close();
    }
  });
});
