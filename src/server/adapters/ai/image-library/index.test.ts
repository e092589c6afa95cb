// The offline illustrator: PNG format, same bytes for the same scene and style, each story's own picture,
// each style's character, speed.
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { buildImagePrompt, IMAGE_STYLES, type ImageStyleId } from "../../../../core/stories/image-styles";
import { loadLibrary } from "../../../features/stories/library";
import type { ImageScene } from "../types";
import { createLibraryImageGenerator, drawLibraryIllustration, renderStoryCover } from ".";

const styles = IMAGE_STYLES.map((style) => style.id);
const story =
  "Samuel was lying down in the temple of Yahweh, where the ark of God was. Yahweh called Samuel, and he said, 'Here I am.'";
const prompts = [
  buildImagePrompt(IMAGE_STYLES[0], story),
  "Noah builds the ark",
  "The good Samaritan stops on the road to Jericho",
  "Daniel in the lions' den",
];
const signal = () => new AbortController().signal;

/** A few numbers that tell styles apart, measured on a 256×256 copy. */
async function measure(png: Uint8Array) {
  const data = await sharp(png).resize(256, 256).raw().toBuffer();
  const pixels = data.length / 3;
  let [red, blue, luminance, saturation, dark] = [0, 0, 0, 0, 0];
  const colours = new Map<number, number>();
  for (let index = 0; index < data.length; index += 3) {
    const [r, g, b] = [data[index] ?? 0, data[index + 1] ?? 0, data[index + 2] ?? 0];
    const [max, min] = [Math.max(r, g, b), Math.min(r, g, b)];
    red += r;
    blue += b;
    luminance += 0.2126 * r + 0.7152 * g + 0.0722 * b;
    saturation += max === 0 ? 0 : (max - min) / max;
    if (max < 45) dark += 1;
    const key = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
    colours.set(key, (colours.get(key) ?? 0) + 1);
  }
  const commonest = [...colours.values()].sort((a, b) => b - a).slice(0, 6);
  return {
    red: red / pixels,
    blue: blue / pixels,
    luminance: luminance / pixels,
    saturation: saturation / pixels,
    /** Share of near-black pixels: outlines, lead, deep shadow. */
    dark: dark / pixels,
    /** Share of the six commonest colours: high for flat colour, low for gradients and texture. */
    flat: commonest.reduce((sum, count) => sum + count, 0) / pixels,
    corner: [data[0], data[1], data[2]],
  };
}

/** Mean difference per channel (0–255) between 16×16 copies: how different two pictures look. */
async function distance(a: Uint8Array, b: Uint8Array): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((png) => sharp(png).resize(16, 16).raw().toBuffer()));
  let sum = 0;
  for (let index = 0; index < (x?.length ?? 0); index++)
    sum += Math.abs((x?.[index] ?? 0) - (y?.[index] ?? 0));
  return sum / (x?.length ?? 1);
}

describe("library image generator", () => {
  const generator = createLibraryImageGenerator();
  /** Pictures by key: a prompt (no scene) or a story layer's scene, in each style. */
  const pictures = new Map<string, Uint8Array>();
  const picture = (key: string, style: ImageStyleId) => pictures.get(`${style}|${key}`) as Uint8Array;
  /** Scenes of every kind of setting and light: outdoors by day, at night, indoors, at sea, in a den. */
  const sceneKeys = [
    "noah-and-the-ark/1",
    "the-birth-of-jesus/1",
    "esther-the-brave-queen/1",
    "jonah-and-the-great-fish/3",
    "daniel-in-the-lions-den/1",
    "the-prodigal-son/1",
  ];
  const scenes = new Map<string, ImageScene>();

  beforeAll(async () => {
    for (const libraryStory of await loadLibrary())
      for (const layer of libraryStory.layers)
        scenes.set(`${libraryStory.slug}/${layer.layer}`, { scene: layer.scene });
    for (const style of styles) {
      for (const prompt of prompts)
        pictures.set(
          `${style}|${prompt}`,
          (await generator.generate(prompt, { signal: signal(), style })).png,
        );
      for (const key of sceneKeys)
        pictures.set(
          `${style}|${key}`,
          (await generator.generate("x", { signal: signal(), style, scene: scenes.get(key) })).png,
        );
    }
  }, 120_000);

  it("draws a 1024×1024 PNG in every style and keeps the prompt as the revised prompt", async () => {
    expect(generator.provider).toBe("library");
    for (const style of styles) {
      const result = await generator.generate(prompts[0] as string, {
        signal: signal(),
        style,
        scene: scenes.get("creation/1"),
      });
      expect(result.revisedPrompt).toBe(prompts[0]);
      expect([...result.png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(await sharp(result.png).metadata()).toMatchObject({ format: "png", width: 1024, height: 1024 });
    }
  });

  it("draws the same bytes for the same prompt, scene, direction and style", async () => {
    const again = await generator.generate(prompts[1] as string, { signal: signal(), style: "watercolor" });
    expect(Buffer.from(again.png).equals(Buffer.from(picture(prompts[1] as string, "watercolor")))).toBe(
      true,
    );
    const scene = { ...(scenes.get("zacchaeus/1") as ImageScene), direction: "at night with stars" };
    const [first, second] = await Promise.all(
      [1, 2].map(() => generator.generate("y", { signal: signal(), style: "classic", scene })),
    );
    expect(Buffer.from(first?.png ?? []).equals(Buffer.from(second?.png ?? []))).toBe(true);
  });

  it("draws each story layer's own scene, whatever the prompt", async () => {
    for (const style of styles) {
      for (const [index, key] of sceneKeys.entries())
        for (const other of sceneKeys.slice(index + 1))
          expect(
            await distance(picture(key, style), picture(other, style)),
            `${key} vs ${other}`,
          ).toBeGreaterThan(8);
      const { svg } = drawLibraryIllustration(
        "something else entirely",
        style,
        scenes.get("noah-and-the-ark/1"),
      );
      expect(svg).toBe(drawLibraryIllustration("x", style, scenes.get("noah-and-the-ark/1")).svg);
    }
  });

  it("draws a different picture for each prompt without a scene", async () => {
    for (const style of styles)
      for (const other of prompts.slice(1))
        expect(await distance(picture(prompts[0] as string, style), picture(other, style))).toBeGreaterThan(
          8,
        );
  });

  it("gives the picture without a scene a figure with a face", () => {
    const { svg } = drawLibraryIllustration("A quiet road", "modern");
    // Two dot eyes (small upright ellipses drawn as paths): the figure is a person, not a faceless robe.
    expect(svg.match(/a1\.1 1\.4 0 1 0 2\.1 0/g)?.length).toBe(2);
  });

  it("makes the six styles visibly different from one another", async () => {
    for (const key of [...prompts, ...sceneKeys])
      for (const [index, style] of styles.entries())
        for (const other of styles.slice(index + 1))
          expect(
            await distance(picture(key, style), picture(key, other)),
            `${key}: ${style} vs ${other}`,
          ).toBeGreaterThan(12);
  });

  it("gives each style its character", async () => {
    for (const key of [...prompts, ...sceneKeys]) {
      const [classic, modern, watercolor, glass, cartoon, realistic] = await Promise.all(
        styles.map((style) => measure(picture(key, style))),
      );
      // Classic: dark and warm, a chiaroscuro of umber and gold inside a vignette.
      expect(classic?.luminance, key).toBeLessThan(100);
      expect(classic?.red, key).toBeGreaterThan((classic?.blue ?? 0) * 1.3);
      expect(classic?.dark, key).toBeGreaterThan(0.05);
      // Modern: flat vivid colour and no outlines.
      expect(modern?.flat, key).toBeGreaterThan(0.4);
      expect(modern?.dark, key).toBeLessThan(0.015);
      expect(modern?.saturation, key).toBeGreaterThan(0.4);
      // Watercolour: light pastel washes, nothing near black.
      expect(watercolor?.luminance, key).toBeGreaterThan(130);
      expect(watercolor?.saturation, key).toBeLessThan(0.32);
      expect(watercolor?.dark, key).toBeLessThan(0.002);
      // Stained glass: a stone window frame round lead lines and many shades of glass.
      expect(
        glass?.corner.every((channel) => (channel ?? 255) < 60),
        key,
      ).toBe(true);
      expect(glass?.dark, key).toBeGreaterThan(0.09);
      // Cartoon: flat bright colour held by thick dark outlines.
      expect(cartoon?.flat, key).toBeGreaterThan(0.4);
      expect(cartoon?.dark, key).toBeGreaterThan(0.006);
      expect(cartoon?.saturation, key).toBeGreaterThan(0.38);
      // Realistic: graded light rather than flat fills, a natural palette, no outlines.
      expect(realistic?.flat, key).toBeLessThan(0.4);
      expect(realistic?.saturation, key).toBeLessThan(0.5);
      expect(realistic?.dark, key).toBeLessThan(0.015);
    }
  });

  it("draws shapes only: no text, and none of the filters that make librsvg slow", () => {
    for (const prompt of [...prompts, "", '<script>alert(1)</script> & "quotes"'])
      for (const style of styles) {
        const { svg } = drawLibraryIllustration(prompt, style, {
          scene: scenes.get("noah-and-the-ark/1")?.scene as ImageScene["scene"],
          direction: prompt,
        });
        for (const drawn of [svg, drawLibraryIllustration(prompt, style).svg]) {
          expect(drawn).not.toMatch(/<text|<tspan|<textPath|font-family|<script/);
          expect(drawn).not.toMatch(/feTurbulence|feDisplacementMap|<filter/);
        }
      }
  });

  it("is quick enough to draw while a child waits", async () => {
    // CPU time, not wall time: on a machine shared with other jobs the wall clock measures the neighbours.
    // It counts every thread of the process, so sharp's own threads are in it.
    const times: number[] = [];
    for (const style of styles) {
      const started = process.cpuUsage();
      await generator.generate("A quick picture", {
        signal: signal(),
        style,
        scene: scenes.get("the-birth-of-jesus/1"),
      });
      const used = process.cpuUsage(started);
      times.push((used.user + used.system) / 1000);
    }
    times.sort((a, b) => a - b);
    // About 30–250 ms of CPU each; the bound leaves room for a slower machine of the same kind.
    expect(times[3]).toBeLessThan(1000);
  });

  it("renders a story's cover as a square WebP of the size asked for", async () => {
    const cover = await renderStoryCover(
      scenes.get("david-and-goliath/1")?.scene as ImageScene["scene"],
      "cartoon",
      320,
    );
    expect(await sharp(cover).metadata()).toMatchObject({ format: "webp", width: 320, height: 320 });
  });

  it("does not draw when the caller has already gone", async () => {
    await expect(
      generator.generate("x", { signal: AbortSignal.abort(), style: "classic" }),
    ).rejects.toMatchObject({
      name: "AiError",
      kind: "aborted",
    });
  });
});
