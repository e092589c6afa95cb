// Contact sheets of the offline illustrator: every library story's three layer pictures in one grid per style,
// each labelled with its story and layer, so that a person can check at a glance that every scene is
// recognisable and pretty. It also times each picture (drawing and rasterising at 1024×1024) and writes Lumi's
// SVG files for the web from their one source.
//
//   npm run illustrations:sheet [-- --out <folder>]     (default: illustrations-sheet/ in the repository)
import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { IMAGE_STYLES } from "../src/core/stories/image-styles";
import { drawLibraryIllustration, LUMI_EXPRESSIONS, lumiSvg } from "../src/server/adapters/ai/image-library";
import { renderPng } from "../src/server/adapters/ai/image-library/render";
import { loadLibrary } from "../src/server/features/stories/library";

const root = fileURLToPath(new URL("..", import.meta.url));
const { values } = parseArgs({
  options: { out: { type: "string", default: join(root, "illustrations-sheet") } },
});
const out = resolve(values.out ?? "illustrations-sheet");

const TILE = 256;
const LABEL = 30;
const COLUMNS = 6;

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[character] ?? "",
  );

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;

async function writeLumi() {
  const folder = join(root, "src/web/assets/lumi");
  await mkdir(folder, { recursive: true });
  for (const expression of LUMI_EXPRESSIONS)
    await writeFile(join(folder, `${expression}.svg`), lumiSvg(expression));
  console.log(`Lumi: ${LUMI_EXPRESSIONS.length} SVG files in ${folder}`);
}

async function main() {
  await mkdir(out, { recursive: true });
  await writeLumi();
  const library = await loadLibrary();
  const scenes = library.flatMap((story) =>
    story.layers.map((layer) => ({ label: `${story.title} · layer ${layer.layer}`, scene: layer.scene })),
  );
  const rows = Math.ceil(scenes.length / COLUMNS);
  // One picture first, so that sharp's start-up and the grain tiles are not counted against the first scene.
  await renderPng(drawLibraryIllustration("warm-up", "classic").svg, undefined);

  const summary: string[] = [];
  for (const style of IMAGE_STYLES) {
    const times: number[] = [];
    const tiles: Parameters<ReturnType<typeof sharp>["composite"]>[0] = [];
    for (const [index, { label, scene }] of scenes.entries()) {
      const started = performance.now();
      const { svg, finish } = drawLibraryIllustration("", style.id, { scene });
      const png = await renderPng(svg, finish);
      times.push(performance.now() - started);
      const [left, top] = [(index % COLUMNS) * TILE, Math.floor(index / COLUMNS) * (TILE + LABEL)];
      tiles.push({ input: await sharp(png).resize(TILE, TILE).png().toBuffer(), left, top });
      tiles.push({
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE}" height="${LABEL}"><text x="6" y="20" font-family="DejaVu Sans, sans-serif" font-size="13" fill="#222">${escapeXml(label)}</text></svg>`,
        ),
        left,
        top: top + TILE,
      });
    }
    const file = join(out, `${style.id}.png`);
    await sharp({
      create: { width: COLUMNS * TILE, height: rows * (TILE + LABEL), channels: 3, background: "#f4f1ea" },
    })
      .composite(tiles)
      .png()
      .toFile(file);
    times.sort((a, b) => a - b);
    summary.push(
      `${style.name.padEnd(22)} p50 ${percentile(times, 0.5).toFixed(0).padStart(4)} ms   p95 ${percentile(times, 0.95).toFixed(0).padStart(4)} ms   max ${(times.at(-1) ?? 0).toFixed(0).padStart(4)} ms   → ${file}`,
    );
  }
  console.log(`One picture drawn and rasterised at 1024×1024, over the ${scenes.length} scenes:`);
  for (const line of summary) console.log(`  ${line}`);
}

await main();
