import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeS3 } from "../../test/fakes/s3";
import { createS3Storage } from "./s3";
import { createLocalStorage, type Storage } from "./storage";

const fake = createFakeS3({ accessKeyId: "AKIDSTREAM", bucket: "stream-media", region: "eu-test-1" });
const root = mkdtempSync(join(tmpdir(), "lamplight-streaming-"));
let endpoint = "";
beforeAll(async () => {
  endpoint = await fake.start();
});
afterAll(async () => {
  await fake.close();
  rmSync(root, { recursive: true, force: true });
});

const storages: [string, () => Storage][] = [
  ["local disk", () => createLocalStorage(join(root, "uploads"))],
  [
    "S3",
    () =>
      createS3Storage({
        endpoint,
        bucket: "stream-media",
        region: "eu-test-1",
        accessKeyId: "AKIDSTREAM",
        secretAccessKey: "secret",
      }),
  ],
];

const read = async (body: ReadableStream<Uint8Array>) => Buffer.from(await new Response(body).arrayBuffer());

describe.each(storages)("streaming on %s", (_name, makeStorage) => {
  // 300 KB of counting bytes: a range's content shows exactly where it came from.
  const content = Buffer.from(Array.from({ length: 300_000 }, (_, index) => index % 251));
  const source = join(root, `source-${_name.replace(/\W/g, "")}.mp4`);
  writeFileSync(source, content);

  it("stores a file from disk and streams it back whole, with its length and a tag", async () => {
    const storage = makeStorage();
    const key = "user-uploads/u1/posts/1-whole.mp4";
    await storage.putFile(key, source, "video/mp4");
    const info = await storage.stat(key);
    expect(info).toMatchObject({ size: content.length, contentType: "video/mp4" });
    expect(info?.etag).toMatch(/^"[^"]+"$/);
    const opened = await storage.open(key);
    expect(opened?.info).toEqual(info);
    expect((await read(opened?.body as ReadableStream<Uint8Array>)).equals(content)).toBe(true);
  });

  it("streams one range of a file, both ends included", async () => {
    const storage = makeStorage();
    const key = "user-uploads/u1/posts/2-range.mp4";
    await storage.putFile(key, source, "video/mp4");
    const opened = await storage.open(key, { start: 1000, end: 1099 });
    expect(opened?.info.size).toBe(content.length);
    const bytes = await read(opened?.body as ReadableStream<Uint8Array>);
    expect(bytes.equals(content.subarray(1000, 1100))).toBe(true);
    const last = await storage.open(key, { start: content.length - 1, end: content.length - 1 });
    expect(await read(last?.body as ReadableStream<Uint8Array>)).toEqual(
      Buffer.from([(content.length - 1) % 251]),
    );
  });

  it("gives a new tag when a file's content changes, and nothing once it is gone", async () => {
    const storage = makeStorage();
    const key = "user-uploads/u1/avatar/3.webp";
    await storage.put(key, new Uint8Array([1, 2, 3]), "image/webp");
    const first = await storage.stat(key);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await storage.put(key, new Uint8Array([4, 5, 6, 7]), "image/webp");
    const second = await storage.stat(key);
    expect(second?.size).toBe(4);
    expect(second?.etag).not.toBe(first?.etag);
    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
    expect(await storage.open(key)).toBeNull();
    expect(await storage.open(key, { start: 0, end: 1 })).toBeNull();
  });
});

describe("S3 streamed upload", () => {
  it("sends a file from disk with its length, which S3 needs for a streamed body", async () => {
    const storage = createS3Storage({
      endpoint,
      bucket: "stream-media",
      region: "eu-test-1",
      accessKeyId: "AKIDSTREAM",
      secretAccessKey: "secret",
    });
    const source = join(root, "small.webm");
    writeFileSync(source, "webm bytes");
    await storage.putFile("user-uploads/u2/posts/4.webm", source, "video/webm");
    expect(fake.objects.get("user-uploads/u2/posts/4.webm")).toMatchObject({
      body: Buffer.from("webm bytes"),
      contentType: "video/webm",
    });
  });
});
