import { randomBytes } from "node:crypto";
import { createReadStream, type Dirent } from "node:fs";
import {
  copyFile,
  mkdir,
  open as openFile,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { Readable } from "node:stream";

export type StoredFile = { bytes: Uint8Array; contentType: string };

/** What serving a file needs to know before reading it: its length, and a tag that changes with its content. */
export type FileInfo = { size: number; etag: string; contentType: string };

/** Bytes `start` to `end` of a file, both included (HTTP's own convention). */
export type ByteRange = { start: number; end: number };

/** A file being read: its info and its bytes (the whole file, or the range asked for), as a stream. */
export type OpenedFile = { info: FileInfo; body: ReadableStream<Uint8Array> };

/** A stored file as a listing sees it: its key and when it was last written. */
export type ListedFile = { key: string; modifiedAt: Date };

/** Where uploaded files live. Keys look like `user-uploads/{userId}/avatar/{timestamp}.webp`. */
export interface Storage {
  readonly kind: "local" | "s3";
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Stores a file from local disk, streamed: a large video never sits whole in memory. */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /** The whole file in memory: for small files only (an illustration, a narration). */
  get(key: string): Promise<StoredFile | null>;
  stat(key: string): Promise<FileInfo | null>;
  /** Streams the file, or one range of it; null when there is no such file (any more). */
  open(key: string, range?: ByteRange): Promise<OpenedFile | null>;
  delete(key: string): Promise<void>;
  /**
   * Every file whose key starts with `prefix` (a folder, ending in "/"), in no particular order; on local disk
   * also what an interrupted write left (`<key>.<hex>.partial`). Only our own kind of names is listed.
   */
  list(prefix: string): AsyncIterable<ListedFile>;
}

/** What a local write leaves behind when it is cut off between writing its file aside and renaming it. */
export const isPartialWrite = (key: string) => /\.[0-9a-f]{12}\.partial$/.test(key);

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
    async putFile(key, source) {
      const path = pathFor(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${randomBytes(6).toString("hex")}.partial`;
      await copyFile(source, partial);
      await rename(partial, path);
    },
    async get(key) {
      return ifFound(async () => ({
        bytes: await readFile(pathFor(key)),
        contentType: contentTypeForKey(key),
      }));
    },
    async stat(key) {
      return ifFound(async () => localInfo(key, await stat(pathFor(key))));
    },
    async open(key, range) {
      return ifFound(async () => {
        // The descriptor is opened before the info is read, so both describe the same file even if it is
        // replaced or removed in between; a missing file fails here, as "not found".
        const handle = await openFile(pathFor(key));
        try {
          const info = localInfo(key, await handle.stat());
          const stream = createReadStream("", { fd: handle, start: range?.start, end: range?.end });
          return { info, body: Readable.toWeb(stream) as ReadableStream<Uint8Array> };
        } catch (error) {
          await handle.close();
          throw error;
        }
      });
    },
    async delete(key) {
      await rm(pathFor(key), { force: true });
    },
    async *list(prefix) {
      if (!isSafeStorageKey(prefix.replace(/\/$/, ""))) throw new Error(`unsafe storage prefix: ${prefix}`);
      yield* walk(base, prefix.replace(/\/$/, ""));
    },
  };
}

/** The answer of `read`, or null when the file does not exist. */
async function ifFound<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** A local file's tag: its length and modification time, which a rename into place always changes. */
function localInfo(key: string, info: { size: number; mtimeMs: number }): FileInfo {
  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs * 1000).toString(16)}"`;
  return { size: info.size, etag, contentType: contentTypeForKey(key) };
}

/** Files under `<base>/<folder>`, depth first; symbolic links and names that are not keys are left out. */
async function* walk(base: string, folder: string): AsyncGenerator<ListedFile> {
  let entries: Dirent[];
  try {
    entries = await readdir(join(base, folder), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for (const entry of entries) {
    const key = `${folder}/${entry.name}`;
    if (!isSafeStorageKey(key)) continue;
    if (entry.isDirectory()) yield* walk(base, key);
    else if (entry.isFile()) {
      // Gone between the listing and now (a delete, a rename into place): nothing to report.
      const info = await stat(join(base, key)).catch(() => null);
      if (info) yield { key, modifiedAt: info.mtime };
    }
  }
}
