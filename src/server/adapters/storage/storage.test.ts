import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { contentTypeForKey, createLocalStorage, isPartialWrite, isSafeStorageKey } from "./storage";

describe("local storage", () => {
  const root = mkdtempSync(join(tmpdir(), "lamplight-storage-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const storage = createLocalStorage(root);

  it("stores, reads and deletes by key", async () => {
    const key = "user-uploads/u1/avatar/1700000000000.webp";
    await storage.put(key, new Uint8Array([1, 2, 3]), "image/webp");
    expect(await storage.get(key)).toEqual({ bytes: Buffer.from([1, 2, 3]), contentType: "image/webp" });
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });

  it.each(["../secret", "a/../../b", "/etc/passwd", "a//b", "a/./b", "a\\b", "a/b c"])(
    "refuses the key %j",
    async (key) => {
      expect(isSafeStorageKey(key)).toBe(false);
      await expect(storage.put(key, new Uint8Array([1]), "image/png")).rejects.toThrow(/unsafe/);
    },
  );

  it("lists a folder's files with when each was written, half-written ones too, and only our own names", async () => {
    const folder = "story-images/lister";
    await storage.put(`${folder}/a/one.png`, new Uint8Array([1]), "image/png");
    await storage.put(`${folder}/two.png`, new Uint8Array([2]), "image/png");
    writeFileSync(join(root, folder, "two.png.0123456789ab.partial"), "half");
    writeFileSync(join(root, folder, "not ours.png"), "x");
    symlinkSync(join(root, folder, "two.png"), join(root, folder, "link.png"));
    const listed = [];
    for await (const file of storage.list(`${folder}/`)) listed.push(file);
    expect(listed.map((file) => file.key).sort()).toEqual([
      `${folder}/a/one.png`,
      `${folder}/two.png`,
      `${folder}/two.png.0123456789ab.partial`,
    ]);
    expect(listed.every((file) => Date.now() - file.modifiedAt.getTime() < 60_000)).toBe(true);
    expect(isPartialWrite(`${folder}/two.png.0123456789ab.partial`)).toBe(true);
    expect(isPartialWrite(`${folder}/two.png`)).toBe(false);
    for await (const _file of storage.list("nothing-here/")) throw new Error("listed a missing folder");
  });

  it("takes the content type from our own extension", () => {
    expect(contentTypeForKey("x/1.webp")).toBe("image/webp");
    expect(contentTypeForKey("x/1.html")).toBe("application/octet-stream");
  });
});
