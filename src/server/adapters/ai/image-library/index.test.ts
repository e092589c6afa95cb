// The offline illustrator: PNG format, same bytes for the same prompt, variety, each style's character, speed.
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { buildImagePrompt, IMAGE_STYLES, type ImageStyleId } from "../../../../core/stories/image-styles";
import { createLibraryImageGenerator, drawLibraryIllustration } from ".";

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
  const pictures = new Map<string, Uint8Array>();
  const picture = (prompt: string, style: ImageStyleId) => pictures.get(`${style}|${prompt}`) as Uint8Array;

  beforeAll(async () => {
    for (const prompt of prompts)
      for (const style of styles) {
        const { png } = await generator.generate(prompt, { signal: signal(), style });
        pictures.set(`${style}|${prompt}`, png);
      }
  });

  it("draws a 1024×1024 PNG in every style and keeps the prompt as the revised prompt", async () => {
    expect(generator.provider).toBe("library");
    for (const style of styles) {
      const result = await generator.generate(prompts[0] as string, { signal: signal(), style });
      expect(result.revisedPrompt).toBe(prompts[0]);
      expect([...result.png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(await sharp(result.png).metadata()).toMatchObject({ format: "png", width: 1024, height: 1024 });
    }
  });

  it("draws the same picture for the same prompt and style", async () => {
    const again = await generator.generate(prompts[1] as string, { signal: signal(), style: "watercolor" });
    expect(Buffer.from(again.png).equals(Buffer.from(picture(prompts[1] as string, "watercolor")))).toBe(
      true,
    );
  });

  it("draws a different picture for each story or layer", async () => {
    for (const style of styles)
      for (const other of prompts.slice(1))
        expect(await distance(picture(prompts[0] as string, style), picture(other, style))).toBeGreaterThan(
          8,
        );
  });

  it("makes the six styles visibly different from one another", async () => {
    for (const prompt of prompts)
      for (const [index, style] of styles.entries())
        for (const other of styles.slice(index + 1))
          expect(
            await distance(picture(prompt, style), picture(prompt, other)),
            `${style} vs ${other}`,
          ).toBeGreaterThan(12);
  });

  it("gives each style its character", async () => {
    for (const prompt of prompts) {
      const [classic, modern, watercolor, glass, cartoon, realistic] = await Promise.all(
        styles.map((style) => measure(picture(prompt, style))),
      );
      // Classic: dark and warm, a chiaroscuro of umber and gold.
      expect(classic?.luminance).toBeLessThan(70);
      expect(classic?.red).toBeGreaterThan(classic?.blue ?? 0);
      // Modern: flat vivid colour and no outlines.
      expect(modern?.flat).toBeGreaterThan(0.65);
      expect(modern?.dark).toBeLessThan(0.005);
      // Watercolour: light pastel washes.
      expect(watercolor?.luminance).toBeGreaterThan(170);
      expect(watercolor?.saturation).toBeLessThan(0.3);
      // Stained glass: a stone window frame round lead lines and many shades of glass.
      expect(glass?.corner.every((channel) => (channel ?? 255) < 60)).toBe(true);
      expect(glass?.dark).toBeGreaterThan(0.12);
      // Cartoon: flat bright colour held by thick dark outlines.
      expect(cartoon?.flat).toBeGreaterThan(0.65);
      expect(cartoon?.dark).toBeGreaterThan(0.008);
      expect(cartoon?.saturation).toBeGreaterThan(0.5);
      // Realistic: graded light rather than flat fills, no outlines.
      expect(realistic?.flat).toBeLessThan(0.55);
      expect(realistic?.saturation).toBeGreaterThan(0.3);
    }
  });

  it("draws shapes only: no text, and none of the filters that make librsvg slow", () => {
    for (const prompt of [...prompts, "", '<script>alert(1)</script> & "quotes"'])
      for (const style of styles) {
        const { svg } = drawLibraryIllustration(prompt, style);
        expect(svg).not.toMatch(/<text|<tspan|<textPath|font-family|<script/);
        expect(svg).not.toMatch(/feTurbulence|feDisplacementMap/);
      }
  });

  it("is quick enough to draw while a child waits", async () => {
    // CPU time, not wall time: on a machine shared with other jobs the wall clock measures the neighbours.
    // It counts every thread of the process, so sharp's own threads are in it.
    const times: number[] = [];
    for (const style of styles) {
      const started = process.cpuUsage();
      await generator.generate("A quick picture", { signal: signal(), style });
      const used = process.cpuUsage(started);
      times.push((used.user + used.system) / 1000);
    }
    times.sort((a, b) => a - b);
    // About 15–150 ms of CPU each; the bound leaves room for a slower machine of the same kind.
    expect(times[3]).toBeLessThan(1000);
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
