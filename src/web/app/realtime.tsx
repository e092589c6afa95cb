import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { sessionQuery } from "../features/auth/api/get-session";
import { realtimeHub } from "../lib/realtime";

// One event stream per signed-in tab (DESIGN.md, Realtime): the signed-in layout mounts RealtimeStream, which
// feeds the hub in src/web/lib/realtime.ts, where features listen with useRealtimeEvent.

const loadRealtimeStream = () => import("./realtime-stream");

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
 * Mounted once, in the signed-in layout: the tab's stream lives as long as the user is signed in. It loads and
 * opens once the page has been painted: a stream holds one of the few connections a browser opens to a server,
 * which the page's own scripts and reads need until then. The schemas that read an event's data load with the
 * first event that needs them (useNotificationEvent, a group's feed and chat), not with the stream.
 */
export function RealtimeStream() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stopped = false;
    let close = () => {};
    const cancel = afterPaint(() => {
      loadRealtimeStream().then(
        ({ openRealtimeStream }) => {
          if (stopped) return;
          close = openRealtimeStream(realtimeHub, {
            onGaveUp: () => void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
          });
        },
        // Without its code the tab gets no live updates until the next page load; its pages still load their data.
        (error: unknown) => console.warn("The live updates could not load", error),
      );
    });
    return () => {
      stopped = true;
      cancel();
      close();
    };
  }, [queryClient]);
  return null;
}
