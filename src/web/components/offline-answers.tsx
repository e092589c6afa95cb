import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { OFFLINE_MESSAGES } from "../lib/offline";
import { sendQueuedAnswers } from "../lib/offline-queue";

/** How long the note about sent or dropped answers stays. */
const NOTE_MS = 8_000;

/**
 * Sends the answers given offline (src/web/lib/offline-queue.ts) when the app opens and whenever the connection
 * returns, then reads again what they changed (XP, checks, verses), and says what became of them.
 */
export function OfflineAnswersSender() {
  const queryClient = useQueryClient();
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const send = () => {
      if (!navigator.onLine) return;
      void sendQueuedAnswers().then(({ sent, dropped }) => {
        if (sent > 0) void queryClient.invalidateQueries();
        const words = [
          sent > 0 ? OFFLINE_MESSAGES.answersSent(sent) : null,
          dropped > 0 ? OFFLINE_MESSAGES.answersDropped(dropped) : null,
        ].filter(Boolean);
        if (words.length === 0) return;
        setNote(words.join(" "));
        clearTimeout(timer);
        timer = setTimeout(() => setNote(null), NOTE_MS);
      });
    };
    send();
    window.addEventListener("online", send);
    return () => {
      window.removeEventListener("online", send);
      clearTimeout(timer);
    };
  }, [queryClient]);

  return (
    <div
      role="status"
      className={
        note ? "mb-4 rounded-lg bg-emerald-50 px-4 py-2 text-sm font-semibold text-emerald-950" : "sr-only"
      }
    >
      {note}
    </div>
  );
}
