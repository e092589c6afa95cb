// Every library story's three layer pictures in all six styles (16 × 3 × 6 = 288): each SVG well-formed,
// square 1024, shapes only, and each rasterised to a 1024×1024 PNG, as a child would get it.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_STYLES } from "../../../../core/stories/image-styles";
import { loadLibrary } from "../../../features/stories/library";
import { drawLibraryIllustration } from ".";
import { renderPng } from "./render";

const library = await loadLibrary();
const scenes = library.flatMap((story) =>
  story.layers.map((layer) => ({ name: `${story.slug} layer ${layer.layer}`, scene: layer.scene })),
);

/**
 * The SVG's elements in order, or the first place it is not well-formed XML: every tag closed in order,
 * every attribute quoted, no text between tags (the pictures have none) and one root.
 */
function elements(svg: string): { names: string[]; root: string } {
  const tag = /<(\/?)([a-zA-Z]+)((?:\s+[a-zA-Z][a-zA-Z0-9:-]*="[^"<>]*")*)\s*(\/?)>/y;
  const [open, names]: [string[], string[]] = [[], []];
  let root = "";
  while (tag.lastIndex < svg.length) {
    const at = tag.lastIndex;
    const match = tag.exec(svg);
    if (!match) throw new Error(`not well-formed at ${at}: ${svg.slice(at, at + 40)}`);
    const [, closing, name = "", , selfClosing] = match;
    if (closing) {
      if (open.pop() !== name) throw new Error(`</${name}> closes the wrong element at ${at}`);
    } else {
      if (open.length === 0 && root) throw new Error(`a second root element <${name}> at ${at}`);
      root ||= name;
      names.push(name);
      if (!selfClosing) open.push(name);
    }
  }
  if (open.length > 0) throw new Error(`<${open.join("><")}> never closed`);
  return { names, root };
}

describe("every library scene in every style", () => {
  it("checks that a picture is well-formed", () => {
    expect(elements('<svg a="1"><g><path d="M0 0"/></g></svg>').names).toEqual(["svg", "g", "path"]);
    expect(() => elements("<svg><g></svg>")).toThrow(/closes the wrong element/);
    expect(() => elements("<svg><path d=M0/></svg>")).toThrow(/not well-formed/);
    expect(() => elements("<svg>words</svg>")).toThrow(/not well-formed/);
  });

  it("covers the whole library", () => {
    expect(scenes).toHaveLength(library.length * 3);
    expect(scenes.length).toBeGreaterThanOrEqual(48);
  });

  // One style at a time: about 1–10 s each here (drawing and rasterising 48 pictures), far from the timeout.
  it.each(IMAGE_STYLES.map((style) => style.id))(
    "draws all the scenes in %s",
    async (style) => {
      for (const { name, scene } of scenes) {
        const { svg, finish } = drawLibraryIllustration("", style, { scene });
        const { names, root } = elements(svg);
        expect(root, name).toBe("svg");
        expect(svg, name).toMatch(
          /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1024" height="1024" viewBox="0 0 1024 1024">/,
        );
        expect(
          names.filter((element) => /^(text|tspan|textPath|filter|script)$/.test(element)),
          name,
        ).toEqual([]);
        expect(svg, name).not.toMatch(/font-family/);
        const png = await renderPng(svg, finish);
        expect(await sharp(png).metadata(), name).toMatchObject({ format: "png", width: 1024, height: 1024 });
      }
    },
    120_000,
  );
});
