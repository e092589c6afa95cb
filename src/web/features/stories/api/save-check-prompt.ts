import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CheckAnswerResult } from "../../../../core/stories/checks";
import type { LayerNumber } from "../../../../core/stories/layers";
import { api, unwrap } from "../../../lib/api-client";
import { updateCheckItem } from "./get-layer-check";

/** Saves the reader's own words for the open prompt: private to them, moderated, never scored. */
export function useSaveCheckPrompt(slug: string, layer: LayerNumber) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ index, text }: { index: number; text: string }) => {
      const result = await unwrap<CheckAnswerResult | { written: string }>(
        api.stories[":slug"].layers[":layer"].check[":index"].$post({
          param: { slug, layer: String(layer), index: String(index) },
          json: { text },
        }),
      );
      // The route scores chosen options too; the reader's own words only come back as saved.
      return result as { written: string };
    },
    onSuccess: ({ written }, { index }) =>
      updateCheckItem(queryClient, slug, layer, index, (item) =>
        item.kind === "open" ? { ...item, written } : item,
      ),
  });
}
