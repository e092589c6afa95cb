import { STORY_MESSAGES } from "../../../core/stories/generation-events";
import { buildImagePrompt, findImageStyle } from "../../../core/stories/image-styles";
import { AiError } from "../../adapters/ai/types";
import { publicUrlFor } from "../../adapters/storage/storage";
import type { AppDeps } from "../../http/app-env";
import { AppError } from "../../http/errors";
import { raiseAiFlag } from "../../shared/ai-guardrails";
import { screenPicture } from "../../shared/picture-screen";
import { illustrationKey, saveIllustrationUrl } from "./service";

/** What a leader reads above the prompt of a drawn picture the moderation model flagged; never shown to the child. */
const pictureFlaggedNote = (category: string) =>
  `The picture was drawn, then flagged by the moderation model (${category}), so it was not shown. It was drawn from:`;

/**
 * Draws and stores a layer's illustration. The name is fixed by the spec; the version in the URL makes a
 * new picture a new address, so an open page shows it without waiting for its cached copy to be asked about.
 */
export async function illustrate(
  deps: AppDeps,
  input: {
    userId: string;
    storyId: number;
    layer: 1 | 2 | 3;
    content: string;
    styleId: string;
    direction?: string;
  },
  signal: AbortSignal,
) {
  const style = findImageStyle(input.styleId);
  if (!style) throw new AppError("invalid_style", 400, STORY_MESSAGES.invalidStyle);
  const prompt = buildImagePrompt(style, input.content, input.direction);
  // The child's direction is in the prompt, and an image model draws what it is told: a flagged prompt never
  // leaves the server, and the child sees the ordinary image failure rather than why.
  const verdict = await deps.moderator.check(prompt);
  if (!verdict.allowed) {
    await raiseAiFlag(deps, {
      kind: "withheld_image",
      userId: input.userId,
      storyId: input.storyId,
      input: input.direction ?? "",
      output: prompt,
    });
    throw new AppError("image_failed", 502, STORY_MESSAGES.imageFailed);
  }
  const image = await deps.ai.image.generate(prompt, { signal, style: style.id });
  // The picture itself goes to the moderation model too (issue 18), before it is stored or shown. Flagged: it is
  // withheld as a flagged prompt is, and raised for leaders. Unchecked (no model, or the model down or slow,
  // which screenPicture logs): it shows, since it was drawn from a prompt that passed.
  const screened = await screenPicture(
    deps,
    { bytes: image.png, contentType: "image/png" },
    { kind: "illustration", userId: input.userId, storyId: input.storyId, layer: input.layer },
    { signal },
  );
  if (signal.aborted) throw new AiError("The illustration was cancelled", "aborted");
  if (screened.outcome === "flagged") {
    await raiseAiFlag(deps, {
      kind: "withheld_image",
      userId: input.userId,
      storyId: input.storyId,
      input: input.direction ?? "",
      output: `${pictureFlaggedNote(screened.category)}\n\n${prompt}`,
    });
    throw new AppError("image_failed", 502, STORY_MESSAGES.imageFailed);
  }
  const key = illustrationKey(input.userId, input.storyId, input.layer);
  await deps.storage.put(key, image.png, "image/png");
  const imageUrl = `${publicUrlFor(key)}?v=${Date.now()}`;
  await saveIllustrationUrl(deps.db, input.userId, input.storyId, input.layer, imageUrl);
  return { imageUrl, revisedPrompt: image.revisedPrompt };
}
