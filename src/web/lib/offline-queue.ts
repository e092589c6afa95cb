// Answers given with no connection (issue 26): a comprehension check's choice or a verse review is kept on the
// device and sent when the connection returns, and the server judges it then, as always: XP is never decided
// here. What waited more than 7 days is dropped, and the reader is told.

import { readerDayHeaders } from "./api-client";
import { OFFLINE_ANSWERS_KEY as STORAGE_KEY } from "./offline";

/** An answer older than this is not sent: a week-old check is not this week's learning. */
export const OFFLINE_ANSWER_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

type QueuedAnswer = { path: string; body: unknown; queuedAt: number };

function read(): QueuedAnswer[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(parsed) ? (parsed as QueuedAnswer[]) : [];
  } catch {
    return [];
  }
}

function write(answers: QueuedAnswer[]) {
  if (answers.length === 0) localStorage.removeItem(STORAGE_KEY);
  else localStorage.setItem(STORAGE_KEY, JSON.stringify(answers));
}

/** Keeps an answer (a POST of `body` to `path`) to send when the connection returns. */
export function queueAnswer(path: string, body: unknown, now = Date.now()): void {
  write([...read(), { path, body, queuedAt: now }]);
}

let sending: Promise<{ sent: number; dropped: number }> | null = null;

/**
 * Sends the waiting answers in the order they were given. One the server refuses (4xx) is dropped, as it would
 * have been online; a network failure stops the sending and keeps the rest for the next time. Never two
 * sendings at once, so no answer goes twice.
 */
export function sendQueuedAnswers(now = Date.now()): Promise<{ sent: number; dropped: number }> {
  sending ??= (async () => {
    let sent = 0;
    let dropped = 0;
    for (;;) {
      const [first] = read();
      if (!first) break;
      if (now - first.queuedAt > OFFLINE_ANSWER_MAX_AGE_MS) {
        dropped += 1;
      } else {
        let response: Response;
        try {
          response = await fetch(first.path, {
            method: "POST",
            credentials: "same-origin",
            // The reader's day, as the typed client sends it with every write (the streak and the goal).
            headers: { "Content-Type": "application/json", ...readerDayHeaders() },
            body: JSON.stringify(first.body),
          });
        } catch {
          break;
        }
        // A server error: kept for the next time, like a lost connection.
        if (response.status >= 500) break;
        if (response.ok) sent += 1;
      }
      // Sent, refused, or too old: off the list (the first one only, in case another tab added more).
      write(read().slice(1));
    }
    return { sent, dropped };
  })().finally(() => {
    sending = null;
  });
  return sending;
}
