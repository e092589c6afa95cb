import { inArray, sql } from "drizzle-orm";
import { videoUrlForPoster } from "../../../core/media";
import type { Database } from "../../db/client";
import { groupPosts, profiles, storyContent, users } from "../../db/schema";
import { isPartialWrite, publicUrlFor, type Storage } from "./storage";

/**
 * Younger files are left alone: an upload under way writes its file first and its row just after, and a
 * narration is stored after it has been heard. An hour is far longer than either takes.
 */
export const SWEEP_MIN_AGE_MS = 60 * 60_000;

/** Folders whose every file is named by a row: post media and avatars (`user-uploads/`), illustrations. */
const REFERENCED_FOLDERS = ["user-uploads/", "story-images/"];
/** Folders no row names (the narration cache, keyed by a hash of its words): only half-written files go. */
const CACHE_FOLDERS = ["speech/"];

/** How many files are looked up in the database at once. */
const BATCH_SIZE = 500;

/**
 * Removes, at start-up, what storage holds for nothing (issue 17): files an interrupted local write left
 * (`.partial`), and files in the folders our rows name that no row names any more (a crash between storing a
 * file and writing its row, a removal that failed). Anything younger than `minAgeMs`, anything outside our
 * own folders (a shared bucket's other contents) and the narration cache are kept. Rows are read after the
 * listing, so a file whose row was written before it was listed is always found referenced.
 */
export async function sweepStorage({
  storage,
  db,
  now = new Date(),
  minAgeMs = SWEEP_MIN_AGE_MS,
}: {
  storage: Storage;
  db: Database;
  now?: Date;
  minAgeMs?: number;
}): Promise<{ partials: number; orphans: number }> {
  const before = now.getTime() - minAgeMs;
  const removed = { partials: 0, orphans: 0 };
  let batch: string[] = [];
  const removeUnreferenced = async () => {
    const referenced = await referencedKeys(db, batch);
    for (const key of batch) {
      if (referenced.has(key)) continue;
      await storage.delete(key);
      removed.orphans += 1;
    }
    batch = [];
  };

  for (const folder of [...REFERENCED_FOLDERS, ...CACHE_FOLDERS]) {
    for await (const file of storage.list(folder)) {
      if (file.modifiedAt.getTime() > before) continue;
      if (isPartialWrite(file.key)) {
        await storage.delete(file.key);
        removed.partials += 1;
      } else if (REFERENCED_FOLDERS.includes(folder)) {
        batch.push(file.key);
        if (batch.length >= BATCH_SIZE) await removeUnreferenced();
      }
    }
  }
  if (batch.length > 0) await removeUnreferenced();
  return removed;
}

/**
 * Which of these keys a row still names: a post's media (a video's poster through its video), a profile's
 * avatar or the picture waiting for a leader (or the account's image), a story layer's illustration (whose
 * URL carries a `?v=` to defeat caches).
 */
async function referencedKeys(db: Database, keys: string[]): Promise<Set<string>> {
  // A poster is named by no row itself: it stands or falls with the video it belongs to.
  const byUrl = new Map<string, string[]>();
  for (const key of keys) {
    const url = videoUrlForPoster(publicUrlFor(key)) ?? publicUrlFor(key);
    byUrl.set(url, [...(byUrl.get(url) ?? []), key]);
  }
  const urls = [...byUrl.keys()];
  const illustration = sql<string>`split_part(${storyContent.imageUrl}, '?', 1)`;
  const found = await Promise.all([
    db.select({ url: groupPosts.mediaUrl }).from(groupPosts).where(inArray(groupPosts.mediaUrl, urls)),
    db.select({ url: profiles.avatarUrl }).from(profiles).where(inArray(profiles.avatarUrl, urls)),
    db
      .select({ url: profiles.pendingAvatarUrl })
      .from(profiles)
      .where(inArray(profiles.pendingAvatarUrl, urls)),
    db.select({ url: users.image }).from(users).where(inArray(users.image, urls)),
    db.select({ url: illustration }).from(storyContent).where(inArray(illustration, urls)),
  ]);
  const referenced = new Set<string>();
  for (const rows of found) {
    for (const { url } of rows) {
      for (const key of (url && byUrl.get(url)) || []) referenced.add(key);
    }
  }
  return referenced;
}
