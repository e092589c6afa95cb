import { type QueryClient, queryOptions } from "@tanstack/react-query";
// Types only: the values of checks.ts would bring zod to the story page.
import type { CheckItem, CheckVerse } from "../../../../core/stories/checks";
import type { LayerNumber } from "../../../../core/stories/layers";
import { api, unwrap } from "../../../lib/api-client";

/**
 * What this visit learnt about a choice question beyond the server's `answered`: which options were wrong, the
 * verse to look at, the right option and its verse. Kept in the cache so that stepping back through the layer
 * and returning to the check shows it as the reader left it.
 */
export type ChoiceSeen = {
  wrongOptions: number[];
  /** The reference named in 'Not quite. Look at …' after the latest wrong answer. */
  hint: string | null;
  rightOption: number | null;
  verse: CheckVerse | null;
  xpAwarded: number;
};

export type ChoiceItem = Extract<CheckItem, { kind: "choice" }> & { seen?: ChoiceSeen };
export type OpenItem = Extract<CheckItem, { kind: "open" }>;
export type LayerCheckView = { items: (ChoiceItem | OpenItem)[] };

export const layerCheckQuery = (slug: string, layer: LayerNumber) =>
  queryOptions({
    queryKey: ["layer-check", slug, layer],
    queryFn: (): Promise<LayerCheckView> =>
      unwrap(api.stories[":slug"].layers[":layer"].check.$get({ param: { slug, layer: String(layer) } })),
    // Only this screen changes a reader's answers, and it writes each one into the cache; a refetch would
    // only forget what the cache adds (the verse shown with 'Correct!').
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Rewrites one question of a cached check, so that an answer shows without a refetch. */
export function updateCheckItem(
  queryClient: QueryClient,
  slug: string,
  layer: LayerNumber,
  index: number,
  change: (item: ChoiceItem | OpenItem) => ChoiceItem | OpenItem,
) {
  queryClient.setQueryData(layerCheckQuery(slug, layer).queryKey, (check: LayerCheckView | undefined) =>
    check ? { items: check.items.map((item) => (item.index === index ? change(item) : item)) } : check,
  );
}
