import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { REALTIME_RETRY_MS, realtimeEnvelopeSchema } from "../../core/realtime";
import { sessionQuery } from "../features/auth/api/get-session";
import { type RealtimeHub, realtimeHub } from "../lib/realtime";

// One event stream per signed-in tab (DESIGN.md, Realtime): the signed-in layout mounts RealtimeStream, which
// feeds the hub in src/web/lib/realtime.ts, where features listen with useRealtimeEvent.

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
      const envelope = realtimeEnvelopeSchema.safeParse(json);
      if (envelope.success) hub.dispatch(envelope.data);
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

/** Runs `task` once the browser has painted the page as it is now; returns a way to call it off. */
function afterPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A frame's callbacks run just before it paints; the next frame's, after that paint.
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      timer = setTimeout(task);
    });
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Mounted once, in the signed-in layout: the tab's stream lives as long as the user is signed in. It opens
 * once the page has been painted: a stream holds one of the few connections a browser opens to a server,
 * which the page's own scripts and reads need until then.
 */
export function RealtimeStream() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let close = () => {};
    const cancel = afterPaint(() => {
      close = openRealtimeStream(realtimeHub, {
        onGaveUp: () => void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
      });
    });
    return () => {
      cancel();
      close();
    };
  }, [queryClient]);
  return null;
}
