import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posterUrlFor } from "../../../core/media";
import type { FeedPost } from "../../../core/schemas/feed";
import { createS3Storage } from "../../adapters/storage/s3";
import { publicUrlFor, type Storage } from "../../adapters/storage/storage";
import { groupPosts, profiles, studyGroups } from "../../db/schema";
import { ffmpegPath } from "../../media/video-clean";
import { createFakeS3 } from "../../test/fakes/s3";
import {
  call,
  createGroupAs,
  createTestApp,
  joinGroupAs,
  signUpUser,
  signUpUserWithRole,
  TEST_APP_URL,
  type TestApp,
  type TestUser,
} from "../../test/harness";

// Who may download what (issue 18), on local disk and on S3: the whole matrix of viewers against every kind
// of file, then what serving does for browsers (ETag and 304, byte ranges, no public caching).

const fake = createFakeS3({ accessKeyId: "AKIDUPLOADS", bucket: "uploads-matrix", region: "eu-test-1" });
let s3Endpoint = "";
const scratch = mkdtempSync(join(tmpdir(), "lamplight-uploads-test-"));
beforeAll(async () => {
  s3Endpoint = await fake.start();
});
afterAll(async () => {
  await fake.close();
  rmSync(scratch, { recursive: true, force: true });
});

type Viewer = "anonymous" | "stranger" | "otherGroup" | "member" | "author" | "leader" | "admin";
const VIEWERS: Viewer[] = ["anonymous", "stranger", "otherGroup", "member", "author", "leader", "admin"];

/** A short clip with sound, made by the same ffmpeg the server uses; `metadata` is written into it. */
function makeMp4(name: string, metadata: string[] = []): Buffer {
  const path = join(scratch, name);
  execFileSync(ffmpegPath(), [
    ...["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=1"],
    ...["-f", "lavfi", "-i", "sine=frequency=440:duration=1"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest"],
    ...metadata.flatMap((entry) => ["-metadata", entry]),
    ...["-movflags", "use_metadata_tags", path],
  ]);
  return readFileSync(path);
}

const storages: [string, () => Storage | undefined][] = [
  ["local disk", () => undefined],
  [
    "S3",
    () =>
      createS3Storage({
        endpoint: s3Endpoint,
        bucket: "uploads-matrix",
        region: "eu-test-1",
        accessKeyId: "AKIDUPLOADS",
        secretAccessKey: "secret",
      }),
  ],
];

describe.each(storages)("files served from %s", (_name, makeStorage) => {
  let t: TestApp;
  let people: Record<Exclude<Viewer, "anonymous">, TestUser>;
  let groupId: string;
  let video: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ storage: makeStorage() });
    const owner = await signUpUser(t);
    const [member, author, stranger, otherGroup, leader, admin] = await Promise.all([
      signUpUser(t),
      signUpUser(t),
      signUpUser(t),
      signUpUser(t),
      signUpUserWithRole(t, "leader"),
      signUpUserWithRole(t, "admin"),
    ]);
    const group = await createGroupAs(t, owner);
    groupId = group.id;
    await joinGroupAs(t, member, group);
    await joinGroupAs(t, author, group);
    await createGroupAs(t, otherGroup, "Another group");
    people = { stranger, otherGroup, member, author, leader, admin };
    video = makeMp4("matrix.mp4");
  }, 60_000);
  afterAll(() => t?.close());

  const fetchAs = (viewer: Viewer, url: string, headers: Record<string, string> = {}) =>
    t.app.request(`${TEST_APP_URL}${url}`, {
      headers: viewer === "anonymous" ? headers : { ...headers, cookie: people[viewer].cookie },
    });

  /** Each viewer's status for the file, so a failure shows the whole row at once. */
  async function statuses(url: string) {
    const answers = await Promise.all(VIEWERS.map((viewer) => fetchAs(viewer, url)));
    return Object.fromEntries(answers.map((answer, index) => [VIEWERS[index], answer.status]));
  }
  const allowedOnly = (...allowed: Viewer[]) =>
    Object.fromEntries(VIEWERS.map((viewer) => [viewer, allowed.includes(viewer) ? 200 : 404]));

  async function post(file: { bytes: Buffer; name: string; type: string }, approveMediaFirst: boolean) {
    await t.db.update(studyGroups).set({ approveMediaFirst }).where(eq(studyGroups.id, groupId));
    const form = new FormData();
    form.set("title", "Our trip");
    form.set("content", "Look!");
    form.set("file", new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type }));
    const response = await call(t, `/api/groups/${groupId}/posts`, {
      cookie: people.author.cookie,
      body: form,
    });
    expect(response.status, response.text).toBe(201);
    return response.data as FeedPost & { mediaUrl: string };
  }
  const photo = async () => ({
    bytes: await sharp({ create: { width: 40, height: 30, channels: 3, background: "teal" } })
      .png()
      .toBuffer(),
    name: "photo.png",
    type: "image/png",
  });

  it("serves a group's approved photo, video and poster to its members, leaders and admins only", async () => {
    const picture = await post(await photo(), false);
    const clip = await post({ bytes: video, name: "clip.mp4", type: "video/mp4" }, false);
    const members = allowedOnly("member", "author", "leader", "admin");
    expect(await statuses(picture.mediaUrl)).toEqual(members);
    expect(await statuses(clip.mediaUrl)).toEqual(members);
    expect(await statuses(posterUrlFor(clip.mediaUrl))).toEqual(members);
  });

  it("serves media waiting for a leader to its author, leaders and admins only", async () => {
    const picture = await post(await photo(), true);
    const clip = await post({ bytes: video, name: "clip.mp4", type: "video/mp4" }, true);
    const waiting = allowedOnly("author", "leader", "admin");
    expect(await statuses(picture.mediaUrl)).toEqual(waiting);
    expect(await statuses(clip.mediaUrl)).toEqual(waiting);
    expect(await statuses(posterUrlFor(clip.mediaUrl))).toEqual(waiting);
  });

  it("stops serving a file at once when its post is deleted, hidden or its media rejected", async () => {
    const deleted = await post(await photo(), false);
    expect((await fetchAs("member", deleted.mediaUrl)).status).toBe(200);
    const gone = await call(t, `/api/groups/${groupId}/posts/${deleted.id}`, {
      cookie: people.author.cookie,
      method: "DELETE",
    });
    expect(gone.status).toBe(204);
    expect(await statuses(deleted.mediaUrl)).toEqual(allowedOnly());

    const hidden = await post(await photo(), false);
    await t.db.update(groupPosts).set({ hiddenAt: new Date() }).where(eq(groupPosts.id, hidden.id));
    expect(await statuses(hidden.mediaUrl)).toEqual(allowedOnly("leader", "admin"));

    const rejected = await post(await photo(), true);
    const review = await call(t, `/api/leader/media/${rejected.id}/action`, {
      cookie: people.leader.cookie,
      json: { action: "reject", reason: "Not for the group" },
    });
    expect(review.status, review.text).toBe(200);
    expect(await statuses(rejected.mediaUrl)).toEqual(allowedOnly());
  });

  it("serves an approved avatar to its owner, their groups, leaders and admins; a waiting one to its owner and leaders", async () => {
    const owner = people.author;
    const key = `user-uploads/${owner.id}/avatar/${Date.now()}.webp`;
    await t.storage.put(
      key,
      await sharp((await photo()).bytes)
        .webp()
        .toBuffer(),
      "image/webp",
    );
    const url = publicUrlFor(key);
    await t.db.update(profiles).set({ avatarUrl: url }).where(eq(profiles.id, owner.id));
    expect(await statuses(url)).toEqual(allowedOnly("author", "member", "leader", "admin"));

    await t.db
      .update(profiles)
      .set({ avatarUrl: null, pendingAvatarUrl: url, pendingAvatarAt: new Date() })
      .where(eq(profiles.id, owner.id));
    expect(await statuses(url)).toEqual(allowedOnly("author", "leader", "admin"));

    // A picture no row names any more (replaced, removed) is no one's.
    await t.db
      .update(profiles)
      .set({ pendingAvatarUrl: null, pendingAvatarAt: null })
      .where(eq(profiles.id, owner.id));
    expect(await statuses(url)).toEqual(allowedOnly());
  });

  it("serves a story illustration to its reader only, and the narration cache to no one", async () => {
    const reader = people.member;
    const key = `story-images/${reader.id}/story-1-layer-1.png`;
    await t.storage.put(key, (await photo()).bytes, "image/png");
    expect(await statuses(publicUrlFor(key))).toEqual(
      Object.fromEntries(VIEWERS.map((viewer) => [viewer, viewer === "member" ? 200 : 404])),
    );
    await t.storage.put("speech/abc.mp3", new Uint8Array([1, 2, 3]), "audio/mpeg");
    expect(await statuses("/uploads/speech/abc.mp3")).toEqual(allowedOnly());
  });

  it("answers with private caching and an ETag, 304 while unchanged, and byte ranges for players", async () => {
    const clip = await post({ bytes: video, name: "clip.mp4", type: "video/mp4" }, false);
    const whole = await fetchAs("member", clip.mediaUrl);
    const body = Buffer.from(await whole.arrayBuffer());
    expect(whole.headers.get("cache-control")).toBe("private, no-cache");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("content-length")).toBe(String(body.length));
    const etag = whole.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[^"]+"$/);

    const again = await fetchAs("member", clip.mediaUrl, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    // A 304 is only for those who may see the file: the tag is no key.
    expect((await fetchAs("stranger", clip.mediaUrl, { "if-none-match": etag })).status).toBe(404);

    const first = await fetchAs("member", clip.mediaUrl, { range: "bytes=0-99" });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe(`bytes 0-99/${body.length}`);
    expect(first.headers.get("content-length")).toBe("100");
    expect(Buffer.from(await first.arrayBuffer()).equals(body.subarray(0, 100))).toBe(true);

    // Seeking: an open-ended range from the middle, and the last bytes by suffix.
    const middle = Math.floor(body.length / 2);
    const rest = await fetchAs("member", clip.mediaUrl, { range: `bytes=${middle}-` });
    expect(rest.status).toBe(206);
    expect(Buffer.from(await rest.arrayBuffer()).equals(body.subarray(middle))).toBe(true);
    const tail = await fetchAs("member", clip.mediaUrl, { range: "bytes=-10" });
    expect(Buffer.from(await tail.arrayBuffer()).equals(body.subarray(body.length - 10))).toBe(true);

    const beyond = await fetchAs("member", clip.mediaUrl, { range: `bytes=${body.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${body.length}`);
    // An If-Range for another version asks for the whole file.
    const stale = await fetchAs("member", clip.mediaUrl, { range: "bytes=0-9", "if-range": '"old"' });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
    // Several ranges at once get the whole file, which HTTP allows.
    const several = await fetchAs("member", clip.mediaUrl, { range: "bytes=0-1,5-6" });
    expect(several.status).toBe(200);
    expect(Buffer.from(await several.arrayBuffer()).length).toBe(body.length);

    const head = await t.app.request(`${TEST_APP_URL}${clip.mediaUrl}`, {
      method: "HEAD",
      headers: { cookie: people.member.cookie },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(body.length));
  });
});

describe("a video's metadata", () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it("comes back without the place it was filmed or the phone that filmed it", async () => {
    t = await createTestApp();
    const author = await signUpUserWithRole(t, "leader");
    const group = await createGroupAs(t, author);
    const original = makeMp4("gps.mp4", [
      "location=+48.8584+002.2945/",
      "com.apple.quicktime.location.ISO6709=+48.8584+002.2945+035.000/",
      "com.apple.quicktime.make=Apple",
      "com.apple.quicktime.model=iPhone 15 Pro",
    ]);
    // The clip really carries them, so the test can fail.
    expect(original.includes("+48.8584")).toBe(true);
    expect(original.includes("iPhone 15 Pro")).toBe(true);

    const form = new FormData();
    form.set("title", "Where we were");
    form.set("content", "Guess!");
    form.set("file", new File([original as Uint8Array<ArrayBuffer>], "trip.mp4", { type: "video/mp4" }));
    const created = await call(t, `/api/groups/${group.id}/posts`, { cookie: author.cookie, body: form });
    expect(created.status, created.text).toBe(201);
    const served = await t.app.request(`${TEST_APP_URL}${created.data.mediaUrl}`, {
      headers: { cookie: author.cookie },
    });
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(served.headers.get("content-type")).toBe("video/mp4");
    for (const leak of ["+48.8584", "+002.2945", "ISO6709", "iPhone", "Apple", "\u00a9xyz"])
      expect(bytes.includes(leak), leak).toBe(false);
  }, 60_000);
});
