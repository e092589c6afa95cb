import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { contentTypeForKey, createLocalStorage, isSafeStorageKey } from "./storage";

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

  it("takes the content type from our own extension", () => {
    expect(contentTypeForKey("x/1.webp")).toBe("image/webp");
    expect(contentTypeForKey("x/1.html")).toBe("application/octet-stream");
  });
});
