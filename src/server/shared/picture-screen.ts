import type { Logger } from "pino";
import type { PictureInput, PictureModerator, PictureVerdict } from "../adapters/moderation/pictures";
import { countModerationRefusal } from "../http/metrics";

export { PICTURE_REFUSED } from "../../core/schemas/moderation";
export type { PictureInput, PictureVerdict } from "../adapters/moderation/pictures";

/** Which picture is being checked, and for whom: the log's context. Any other field is logged as well. */
export type PictureContext = {
  kind: "post" | "avatar" | "illustration";
  userId: string;
  [field: string]: unknown;
};

/**
 * Asks the picture moderator (issue 18) before anyone else sees a picture, in one line for every caller:
 * a provider that could not answer is logged (warn) with the context, a flag is logged (info), and the verdict
 * comes back for the caller to act on (an upload refuses `flagged` with PICTURE_REFUSED; an illustration is
 * withheld). Never throws: a moderator that does is `unchecked` / `unavailable` too.
 */
export async function screenPicture(
  deps: { pictureModerator: PictureModerator; logger: Logger },
  image: PictureInput,
  context: PictureContext,
  options: { signal?: AbortSignal } = {},
): Promise<PictureVerdict> {
  let verdict: PictureVerdict;
  try {
    verdict = await deps.pictureModerator.check(image, options);
  } catch (error) {
    verdict = {
      outcome: "unchecked",
      reason: "unavailable",
      detail: error instanceof Error ? error.message : String(error),
    };
  }
  if (verdict.outcome === "unchecked" && verdict.reason === "unavailable" && !options.signal?.aborted) {
    deps.logger.warn(
      { ...context, provider: deps.pictureModerator.provider, detail: verdict.detail },
      "picture moderation unavailable; the picture was not checked",
    );
  } else if (verdict.outcome === "flagged") {
    countModerationRefusal("picture", context.kind);
    deps.logger.info({ ...context, category: verdict.category }, "picture flagged by the moderation model");
  }
  return verdict;
}
