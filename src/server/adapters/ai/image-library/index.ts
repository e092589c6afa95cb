// The offline illustrator, the embedded image generator: scene → style → SVG → PNG.
import type { ImageStyleId } from "../../../../core/stories/image-styles";
import { AiError, type ImageGenerator, type ImageScene } from "../types";
import { composeScene } from "./compose";
import { applyDirection } from "./direction";
import { sceneForPrompt } from "./fallback";
import type { Finish } from "./look";
import { seedOf } from "./random";
import { renderPng, renderWebp } from "./render";
import type { IllustrationScene } from "./scene-schema";
import { STYLES } from "./styles";

// A story layer's picture is the scene its story file describes (people with faces and clothes, animals,
// things, a setting and a sky), with the child's direction applied, painted in one of six styles and
// rasterised by sharp, which adds the style's finish (softening, grain). Without a scene (a prompt with no
// story) it draws a small landscape hashed from the prompt. It draws shapes only: the spec forbids words or
// letters in an illustration, and with no <text> anywhere the library cannot break that rule.

export { type Expression as LumiExpression, LUMI_EXPRESSIONS, lumiSvg } from "./lumi";
export { type IllustrationScene, illustrationSceneSchema } from "./scene-schema";

/** The illustration as SVG, before the finish sharp adds. */
export function drawLibraryIllustration(
  prompt: string,
  style: ImageStyleId,
  scene?: ImageScene,
): { svg: string; finish: Finish | undefined } {
  const drawn = scene ? applyDirection(scene.scene, scene.direction) : sceneForPrompt(prompt);
  const look = STYLES[style]();
  // The seed comes from what is drawn, so the same scene and direction give the same picture.
  return { svg: composeScene(drawn, look, seedOf(JSON.stringify(drawn))), finish: look.finish };
}

/**
 * Embedded default: draws the story layer's scene (or, without one, the prompt's landscape) in the chosen
 * style as a 1024×1024 PNG; the revised prompt is the prompt. Throws AiError kind "aborted" when the caller's
 * signal has fired.
 */
export function createLibraryImageGenerator(): ImageGenerator {
  return {
    provider: "library",
    async generate(prompt, { signal, style, scene }) {
      if (signal.aborted) throw new AiError("Library illustration aborted", "aborted");
      const { svg, finish } = drawLibraryIllustration(prompt, style, scene);
      const png = await renderPng(svg, finish);
      if (signal.aborted) throw new AiError("Library illustration aborted", "aborted");
      return { png, revisedPrompt: prompt };
    },
  };
}

/** A story's cover: its layer-1 scene in `style`, as a square WebP of `size` pixels (16–1024). */
export async function renderStoryCover(
  scene: IllustrationScene,
  style: ImageStyleId,
  size: number,
): Promise<Buffer> {
  const side = Math.round(Math.min(1024, Math.max(16, size)));
  const { svg, finish } = drawLibraryIllustration("", style, { scene });
  return renderWebp(svg, finish, side);
}
