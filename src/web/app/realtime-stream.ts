import { REALTIME_RETRY_MS, readRealtimeEnvelope } from "../../core/realtime";
import type { RealtimeHub } from "../lib/realtime";

// The tab's event stream itself. It loads once the page has been painted (RealtimeStream in ./realtime.tsx),
// not with the signed-in layout: no page needs it to show.

export const EVENTS_URL = "/api/events";
/** The longest wait between attempts once the browser has given up on the stream (e.g. a 502 mid-deploy). */
const MAX_REOPEN_DELAY_MS = 60_000;

/**
 * Opens the tab's stream and keeps it open. While the connection merely drops, the browser reconnects
 * by itself and sends Last-Event-ID; when it gives up (an error status), the session is checked again
 * (a 401 shows the landing page, which unmounts the stream) and a new stream starts from the last id seen.
 */
export function openRealtimeStream(hub: RealtimeHub, options: { onGaveUp?: () => void } = {}) {
  // No live updates where there is no EventSource (a test DOM); the pages still load their data.
  if (typeof EventSource === "undefined") return () => {};
  let source: EventSource | undefined;
  let lastEventId = "";
  let attempt = 0;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;

  const open = () => {
    const url = lastEventId ? `${EVENTS_URL}?lastEventId=${encodeURIComponent(lastEventId)}` : EVENTS_URL;
    const current = new EventSource(url);
    source = current;
    current.onopen = () => {
      attempt = 0;
    };
    current.onmessage = (message: MessageEvent<string>) => {
      if (message.lastEventId) lastEventId = message.lastEventId;
      let json: unknown;
      try {
        json = JSON.parse(message.data);
      } catch {
        return;
      }
      const envelope = readRealtimeEnvelope(json);
      if (envelope) hub.dispatch(envelope);
    };
    current.onerror = () => {
      if (current.readyState !== EventSource.CLOSED) return;
      options.onGaveUp?.();
      const delay = Math.min(MAX_REOPEN_DELAY_MS, REALTIME_RETRY_MS * 2 ** attempt);
      attempt += 1;
      reopenTimer = setTimeout(open, delay);
    };
  };

  open();
  return () => {
    clearTimeout(reopenTimer);
    source?.close();
  };
}
