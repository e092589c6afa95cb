import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeS3 } from "../../test/fakes/s3";
import { createS3Storage } from "./s3";

describe("S3 storage", () => {
  // Two keys a page, so that a listing of more must follow the continuation token.
  const fake = createFakeS3({
    accessKeyId: "AKIDLAMPLIGHT",
    bucket: "lamplight-media",
    region: "eu-test-1",
    pageSize: 2,
  });
  let endpoint: string;
  beforeAll(async () => {
    endpoint = await fake.start();
  });
  afterAll(() => fake.close());

  const storage = () =>
    createS3Storage({
      endpoint,
      bucket: "lamplight-media",
      region: "eu-test-1",
      accessKeyId: "AKIDLAMPLIGHT",
      secretAccessKey: "secret-key",
    });

  it("puts, gets and deletes signed objects path-style", async () => {
    const key = "user-uploads/u1/avatar/1700000000000.webp";
    await storage().put(key, new Uint8Array([7, 8, 9]), "image/webp");
    expect(fake.objects.get(key)).toMatchObject({ body: Buffer.from([7, 8, 9]), contentType: "image/webp" });
    expect(await storage().get(key)).toEqual({ bytes: new Uint8Array([7, 8, 9]), contentType: "image/webp" });
    await storage().delete(key);
    expect(await storage().get(key)).toBeNull();
    expect(fake.seen.every((request) => request.authorization.startsWith("AWS4-HMAC-SHA256"))).toBe(true);
  });

  it("reports S3's error code when the bucket refuses", async () => {
    const wrongKey = createS3Storage({
      endpoint,
      bucket: "lamplight-media",
      region: "eu-test-1",
      accessKeyId: "SOMEONE-ELSE",
      secretAccessKey: "x",
    });
    await expect(wrongKey.put("a/1.png", new Uint8Array([1]), "image/png")).rejects.toThrow(
      "S3 put failed: 403 SignatureDoesNotMatch",
    );
  });

  it("refuses unsafe keys before any request", async () => {
    const before = fake.seen.length;
    await expect(storage().get("../other-bucket/x")).rejects.toThrow(/unsafe/);
    expect(fake.seen.length).toBe(before);
  });

  it("lists a folder's objects with when each was written, page after page, and nothing outside it", async () => {
    const keys = ["story-images/u1/a.png", "story-images/u1/b.png", "story-images/u2/c.png", "speech/x.mp3"];
    for (const key of keys) await storage().put(key, new Uint8Array([1]), "image/png");
    const old = new Date("2026-01-02T03:04:05.000Z");
    const object = fake.objects.get("story-images/u1/b.png");
    if (object) object.lastModified = old;
    // Not one of our own names: never listed, so never removed.
    fake.objects.set("story-images/u1/other file.png", {
      body: Buffer.from([1]),
      contentType: "image/png",
      lastModified: old,
      etag: '"1"',
    });

    const listed = [];
    for await (const file of storage().list("story-images/")) listed.push(file);
    expect(listed.map((file) => file.key)).toEqual([
      "story-images/u1/a.png",
      "story-images/u1/b.png",
      "story-images/u2/c.png",
    ]);
    expect(listed[1]?.modifiedAt).toEqual(old);
    expect(listed[0]?.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const lists = fake.seen.filter(
      (request) => request.method === "GET" && request.path === "/lamplight-media",
    );
    expect(lists.length).toBeGreaterThanOrEqual(2);
    await expect(
      (async () => {
        for await (const _file of storage().list("../")) break;
      })(),
    ).rejects.toThrow(/unsafe/);
  });
});
