import { useMutation } from "@tanstack/react-query";
import type { ShareDraftRequest } from "../../../../core/stories/share";
import { api, unwrap } from "../../../lib/api-client";

/**
 * The share dialog's 'Create Draft': the AI's draft, or the spec's template when the AI cannot write one.
 * `signal` abandons it (the dialog closed while the AI was still writing).
 */
export function useDraftShare(slug: string) {
  return useMutation({
    mutationFn: ({ signal, ...request }: ShareDraftRequest & { signal?: AbortSignal }) =>
      unwrap(
        api.stories[":slug"]["share-draft"].$post({ param: { slug }, json: request }, { init: { signal } }),
      ),
  });
}
