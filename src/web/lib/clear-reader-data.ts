import { OFFLINE_ANSWERS_KEY, READER_CACHES } from "./offline";

/**
 * Forgets what the last reader opened (sign-out, or another account signing in on a shared tablet): the kept
 * reads, pictures and narrations are theirs.
 */
export async function clearReaderCaches(): Promise<void> {
  // Answers given offline and not sent yet were theirs too (src/web/lib/offline-queue.ts).
  if (typeof localStorage !== "undefined") localStorage.removeItem(OFFLINE_ANSWERS_KEY);
  if (typeof caches === "undefined") return;
  await Promise.all(READER_CACHES.map((name) => caches.delete(name))).catch(() => {});
}
