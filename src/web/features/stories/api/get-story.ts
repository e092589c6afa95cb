import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

export const storyQuery = (slug: string) =>
  queryOptions({
    queryKey: ["stories", slug],
    queryFn: () => unwrap(api.stories[":slug"].$get({ param: { slug } })),
  });

export type StoryPageData = Awaited<ReturnType<NonNullable<ReturnType<typeof storyQuery>["queryFn"]>>>;
export type StoryLayerData = StoryPageData["layers"][number];

export function useStory(slug: string) {
  return useQuery(storyQuery(slug));
}

/** Writes a layer's saved text or picture into the cached story page, so it shows without a refetch. */
export function updateLayer(
  queryClient: QueryClient,
  slug: string,
  layer: number,
  change: Partial<Pick<StoryLayerData, "content" | "imageUrl">>,
) {
  queryClient.setQueryData(storyQuery(slug).queryKey, (page: StoryPageData | undefined) =>
    page
      ? {
          ...page,
          layers: page.layers.map((entry) => (entry.layer === layer ? { ...entry, ...change } : entry)),
        }
      : page,
  );
}
