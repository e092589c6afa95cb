import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ImageRequest } from "../../../../core/stories/image-styles";
import type { LayerNumber } from "../../../../core/stories/progress";
import { api, unwrap } from "../../../lib/api-client";
import { updateLayer } from "./get-story";

/** The image dialog: draws the layer's illustration in the chosen style and saves it. */
export function useCreateIllustration(slug: string, layer: LayerNumber) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ImageRequest) =>
      unwrap(
        api.stories[":slug"].layers[":layer"].image.$post({
          param: { slug, layer: String(layer) },
          json: request,
        }),
      ),
    onSuccess: ({ imageUrl }) => updateLayer(queryClient, slug, layer, { imageUrl }),
  });
}
