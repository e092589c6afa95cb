import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { LayerNumber } from "../../../../core/stories/layers";
import { layerCheckQuery } from "../api/get-layer-check";
import { CheckSkeleton } from "./check-skeleton";

// The questions, their feedback and their messages (which come with zod) load only as the reader nears them, so
// the story page itself stays small and quick to start.
const loadLayerCheck = () => import("./layer-check");
const LayerCheck = lazy(loadLayerCheck);

/** How far below the screen the section may still be when its questions start loading: one screen's height. */
const NEAR_VIEW_MARGIN = "0px 0px 100% 0px";

/** Whether the element has come within a screen of the view (at once where the browser cannot tell). */
function useNearView<Element extends HTMLElement>() {
  const ref = useRef<Element>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_VIEW_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

/**
 * 'Check your understanding' after a layer's text. It is drawn with the layer's actions, that is once the last
 * step shows (or the whole layer), and loads its questions when it comes near the view. Encouraged, never
 * required: the next layer's button stays beside it.
 */
export function LayerCheckSection({ slug, layer }: { slug: string; layer: LayerNumber }) {
  const [ref, near] = useNearView<HTMLDivElement>();
  const queryClient = useQueryClient();

  // The questions are asked for alongside the code that shows them, not after it.
  useEffect(() => {
    if (near) void queryClient.prefetchQuery(layerCheckQuery(slug, layer));
  }, [near, queryClient, slug, layer]);

  return (
    <div ref={ref}>
      {near ? (
        <Suspense fallback={<CheckSkeleton />}>
          <LayerCheck slug={slug} layer={layer} />
        </Suspense>
      ) : (
        <CheckSkeleton />
      )}
    </div>
  );
}
