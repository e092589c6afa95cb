// The offline illustrator, the embedded image generator: prompt → scene → style → SVG → PNG.
import type { ImageStyleId } from "../../../../core/stories/image-styles";
import { AiError, type ImageGenerator } from "../types";
import type { Finish, Style } from "./look";
import { paint } from "./paint";
import { renderPng } from "./render";
import { composeScene } from "./scene";
import { cartoon } from "./styles/cartoon";
import { classic } from "./styles/classic";
import { modern } from "./styles/modern";
import { realistic } from "./styles/realistic";
import { stainedGlass } from "./styles/stained-glass";
import { watercolor } from "./styles/watercolor";

// A seed hashed from the prompt composes a small landscape (sky and light, far hills, sea or a middle ridge,
// near ground, trees, a robed figure holding a lamp or a staff), so each story and layer gets its own
// picture; a style then paints it with its palette and marks, and sharp rasterises it and adds the finish
// (softening, grain). It draws shapes only: the spec forbids words or letters in an illustration, and with
// no <text> anywhere the library cannot break that rule.

const STYLES: Record<ImageStyleId, Style> = {
  classic,
  modern,
  watercolor,
  "stained-glass": stainedGlass,
  cartoon,
  realistic,
};

/** The illustration for `prompt` in `style` as SVG, before the finish sharp adds. */
export function drawLibraryIllustration(
  prompt: string,
  style: ImageStyleId,
): { svg: string; finish: Finish | undefined } {
  const scene = composeScene(prompt);
  const look = STYLES[style](scene);
  return { svg: paint(scene, look), finish: look.finish };
}

/**
 * Embedded default: draws the prompt's scene in the chosen style as a 1024×1024 PNG; the revised prompt is
 * the prompt. Throws AiError kind "aborted" when the caller's signal has fired.
 */
export function createLibraryImageGenerator(): ImageGenerator {
  return {
    provider: "library",
    async generate(prompt, { signal, style }) {
      if (signal.aborted) throw new AiError("Library illustration aborted", "aborted");
      const { svg, finish } = drawLibraryIllustration(prompt, style);
      const png = await renderPng(svg, finish);
      if (signal.aborted) throw new AiError("Library illustration aborted", "aborted");
      return { png, revisedPrompt: prompt };
    },
  };
}
