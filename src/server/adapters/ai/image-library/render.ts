// The renderer: rasterises an illustration's SVG to PNG with sharp and adds its finish (softening, grain).
import sharp from "sharp";
import type { Finish } from "./look";
import { randomFrom } from "./random";

// Grain is made once per strength, from a fixed seed, so the same prompt and style always give the same
// bytes. It is drawn at half resolution and enlarged: a soft tooth like paper or canvas, which also keeps the
// PNG small (per-pixel noise doubles the file and the time to encode it).
const GRAIN_TILE = 256;
const grainTiles = new Map<number, Promise<Buffer>>();
function grainTile(levels: number): Promise<Buffer> {
  let tile = grainTiles.get(levels);
  if (!tile) {
    const random = randomFrom(levels);
    const half = GRAIN_TILE / 2;
    const noise = Buffer.alloc(half * half * 3);
    for (let pixel = 0; pixel < half * half; pixel++)
      noise.fill(Math.round(128 + (random.next() + random.next() - 1) * levels), pixel * 3, pixel * 3 + 3);
    tile = sharp(noise, { raw: { width: half, height: half, channels: 3 } })
      .resize(GRAIN_TILE, GRAIN_TILE)
      .raw()
      .toBuffer();
    grainTiles.set(levels, tile);
  }
  return tile;
}

/**
 * The SVG as an RGB PNG of its size, with the finish. Filters are kept out of the SVG on purpose: librsvg's
 * feDisplacementMap and feTurbulence take about a second per 1024² image, while blur and grain done by
 * libvips here take a few milliseconds.
 */
export async function renderPng(svg: string, finish: Finish | undefined): Promise<Buffer> {
  // A palette PNG is about a third of the size (e.g. 750 KB → 270 KB for classic) with no visible loss in
  // these drawn styles, which matters on a child's phone. The quickest quantiser without dithering keeps it
  // to about 100 ms: the finest one took half a second, longer than drawing and rasterising together, and
  // the grain hides any banding it would have prevented.
  return (await finished(svg, finish))
    .png({ palette: true, quality: 90, effort: 1, dither: 0, compressionLevel: 6 })
    .toBuffer();
}

/** The SVG as a square WebP of `size` pixels with the finish (story covers). */
export async function renderWebp(svg: string, finish: Finish | undefined, size: number): Promise<Buffer> {
  const full = await (await finished(svg, finish)).raw().toBuffer({ resolveWithObject: true });
  // Only the shape: sharp marks a composited raw image premultiplied, and reading it so lightens every colour.
  const { width, height, channels } = full.info;
  return sharp(full.data, { raw: { width, height, channels } })
    .resize(size, size)
    .webp({ quality: 82 })
    .toBuffer();
}

async function finished(svg: string, finish: Finish | undefined): Promise<ReturnType<typeof sharp>> {
  let image = sharp(Buffer.from(svg));
  if (finish?.blur) image = image.blur(finish.blur);
  // sharp lays composites on last, after the blur, so the grain itself stays crisp.
  if (finish?.grain)
    image = image.composite([
      {
        input: await grainTile(finish.grain),
        raw: { width: GRAIN_TILE, height: GRAIN_TILE, channels: 3 },
        tile: true,
        blend: "overlay",
      },
    ]);
  return image.removeAlpha();
}
