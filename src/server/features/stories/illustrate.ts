import { STORY_MESSAGES } from "../../../core/stories/generation-events";
import { buildImagePrompt, findImageStyle, type ImageStyleId } from "../../../core/stories/image-styles";
import { renderStoryCover } from "../../adapters/ai/image-library";
import { AiError, type ImageScene } from "../../adapters/ai/types";
import { publicUrlFor } from "../../adapters/storage/storage";
import type { AppDeps } from "../../http/app-env";
import { AppError } from "../../http/errors";
import { raiseAiFlag } from "../../shared/ai-guardrails";
import { screenPicture } from "../../shared/picture-screen";
import { librarySceneFor } from "./library";
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
  const scene = await sceneFor(deps, input.storyId, input.layer, input.direction);
  const image = await deps.ai.image.generate(prompt, {
    signal,
    style: style.id,
    ...(scene ? { scene } : {}),
  });
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

/** The library's scene for a story's layer, with the child's direction; none for a story outside the library. */
async function sceneFor(
  deps: AppDeps,
  storyId: number,
  layer: 1 | 2 | 3,
  direction: string | undefined,
): Promise<ImageScene | undefined> {
  const { entries } = await deps.stories.get();
  const slug = entries.find((entry) => entry.story.id === storyId)?.story.slug;
  const scene = slug ? await librarySceneFor(slug, layer) : undefined;
  return scene ? { scene, ...(direction ? { direction } : {}) } : undefined;
}

/**
 * A library story's cover: its layer-1 picture in `style`, as a square WebP of `size` pixels (16–1024), drawn
 * by the offline illustrator whatever AI provider is configured; undefined for a story not in the library.
 */
export async function drawStoryCover(
  slug: string,
  style: ImageStyleId,
  size: number,
): Promise<Buffer | undefined> {
  const scene = await librarySceneFor(slug, 1);
  return scene ? renderStoryCover(scene, style, size) : undefined;
}
