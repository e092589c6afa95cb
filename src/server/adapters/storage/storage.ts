import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";

export type StoredFile = { bytes: Uint8Array; contentType: string };

/** Where uploaded files live. Keys look like `user-uploads/{userId}/avatar/{timestamp}.webp`. */
export interface Storage {
  readonly kind: "local" | "s3";
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

/** Our own names only: segments of word characters, dots and dashes, never `..`. */
export function isSafeStorageKey(key: string): boolean {
  return (
    /^[\w-]+(\/[\w-][\w.-]*)*$/.test(key) && !key.split("/").some((part) => part === ".." || part === ".")
  );
}

/** The URL the app serves a stored file at. */
export function publicUrlFor(key: string): string {
  return `/uploads/${key}`;
}

export function keyFromPublicUrl(url: string): string | null {
  return url.startsWith("/uploads/") ? url.slice("/uploads/".length) : null;
}

const contentTypeByExtension: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  mp4: "video/mp4",
  webm: "video/webm",
  mp3: "audio/mpeg",
};

/** Content type from the extension we chose when storing, never from what a client claimed. */
export function contentTypeForKey(key: string): string {
  const extension = key.split(".").pop()?.toLowerCase() ?? "";
  return contentTypeByExtension[extension] ?? "application/octet-stream";
}

/** Embedded default: files on local disk under `<dataDir>/uploads`. */
export function createLocalStorage(root: string): Storage {
  const base = resolve(root);
  const pathFor = (key: string) => {
    if (!isSafeStorageKey(key)) throw new Error(`unsafe storage key: ${key}`);
    const path = resolve(join(base, key));
    if (!path.startsWith(base + sep)) throw new Error(`unsafe storage key: ${key}`);
    return path;
  };
  return {
    kind: "local",
    async put(key, bytes) {
      const path = pathFor(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside and renamed into place, so that a reader never sees half a file.
      const partial = `${path}.${randomBytes(6).toString("hex")}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, path);
    },
    async get(key) {
      try {
        return { bytes: await readFile(pathFor(key)), contentType: contentTypeForKey(key) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathFor(key), { force: true });
    },
  };
}
