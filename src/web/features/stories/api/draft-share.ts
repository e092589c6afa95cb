import { useMutation } from "@tanstack/react-query";
import type { ShareDraftRequest } from "../../../../core/stories/share";
import { api, unwrap } from "../../../lib/api-client";

/** The share dialog's 'Create Draft': the AI's draft, or the spec's template when the AI cannot write one. */
export function useDraftShare(slug: string) {
  return useMutation({
    mutationFn: (request: ShareDraftRequest) =>
      unwrap(api.stories[":slug"]["share-draft"].$post({ param: { slug }, json: request })),
  });
}
